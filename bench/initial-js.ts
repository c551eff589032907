// Initial JavaScript for `/`: what a first visit really downloads, measured in Chromium.
// Every script the page requests before it is idle is gzipped (level 9, as a CDN would) and
// summed. Budget: 90 KB gzip (issue: foundation).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath, freePort } from "./lib.ts";

const BUDGET_BYTES = 90 * 1024;
const root = path.resolve(import.meta.dirname, "..");

export async function measureInitialJs(): Promise<{ files: { url: string; gzip: number }[]; totalGzip: number }> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-js-"));
  const server = spawn("node", ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    const base = `http://localhost:${port}`;
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    const files: { url: string; gzip: number }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body();
      files.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(base, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    await browser.close();
    return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) };
  } finally {
    server.kill("SIGINT");
    await new Promise((r) => server.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("initial-js.ts")) {
  const { files, totalGzip } = await measureInitialJs();
  for (const file of files) console.log(`${(file.gzip / 1024).toFixed(1).padStart(7)} KB  ${file.url}`);
  console.log(
    `initial JavaScript for /: ${(totalGzip / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB): ${totalGzip <= BUDGET_BYTES ? "within" : "OVER"} budget`,
  );
}
