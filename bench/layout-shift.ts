// Layout shift on a first visit to `/` (Cumulative Layout Shift, as Chromium's layout-shift entries
// report it, with no input to excuse any), at 390×844 as a phone and 1280×800, from the first paint
// until Sam has finished typing his greeting; and which elements moved. Google's "good" is ≤ 0.1.
//   node --import tsx bench/layout-shift.ts [--runs 2]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startInstance } from "./instances.ts";
import { CHROMIUM_ARGS, chromiumPath, freePort } from "./lib.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "2" } } });
const RUNS = Number(values.runs);
const VIEWPORTS = [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
];

interface Shift {
  value: number;
  moved: string[];
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-cls-"));
  const server = await startInstance({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const base = server.publicUrl;
    for (const { width, height, phone } of VIEWPORTS) {
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const shifts: { value: number; moved: string[] }[] = [];
          (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node | null }[];
            }[]) {
              if (entry.hadRecentInput) continue;
              const moved = (entry.sources ?? []).map((source) => {
                const node = source.node;
                if (!node) return "(gone)";
                const label = node instanceof Element ? `${node.tagName.toLowerCase()}` : node.nodeName;
                return `${label} "${(node.textContent ?? "").trim().slice(0, 40)}"`;
              });
              shifts.push({ value: entry.value, moved });
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        await page.goto(base);
        // Sam has finished typing his greeting when the button reads Send again.
        await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 120_000 });
        const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
        const cls = shifts.reduce((total, shift) => total + shift.value, 0);
        console.log(`${width}×${height} run ${run + 1}: CLS ${cls.toFixed(4)}`);
        for (const shift of [...shifts].sort((a, b) => b.value - a.value).slice(0, 3)) {
          console.log(`  ${shift.value.toFixed(4)} ${shift.moved.join("; ")}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
