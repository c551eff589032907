#!/usr/bin/env node
// `npm test`: the whole suite, as CI runs it. Unit and server tests (Vitest, on a real
// PostgreSQL), then the built app in Chromium (Playwright). Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromePath)) return chromePath;
  if (process.getuid?.() === 0 && !process.env.CHROME_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package …");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
    if (existsSync(chromePath)) return chromePath;
  }
  console.error(
    `No Chromium at ${chromePath}. Install Debian's "chromium" package, or set CHROME_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

const chromePath = ensureChromium();

// The duplicate-photo tests copy real photographs: Debian's mate-backgrounds (nature photos).
function ensurePhotographs() {
  const photograph = "/usr/share/backgrounds/mate/nature/Aqua.jpg";
  if (existsSync(photograph) || process.getuid?.() !== 0) return;
  console.log("Test photographs are missing: installing Debian's mate-backgrounds package …");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "mate-backgrounds"], { DEBIAN_FRONTEND: "noninteractive" });
}
ensurePhotographs();

// Lint (Biome, with the layering rules and the import-cycle check) and types first: they are part of the suite.
const staticStatus = run("npm", ["run", "--silent", "lint"]) || run("npm", ["run", "--silent", "typecheck"]);

const vitestReport = path.join(reports, "vitest.json");
const unitStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestReport}`,
]);

const buildStatus = run("npm", ["run", "build"]);
const e2eReport = path.join(reports, "playwright.json");
const e2eStatus =
  buildStatus === 0
    ? run("npx", ["playwright", "test", "--config", "e2e/playwright.config.ts", "--reporter=list,json"], {
        CHROME_PATH: chromePath,
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      })
    : 1;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const vitest = readJson(vitestReport);
const playwright = readJson(e2eReport);
const flaky = playwright?.stats?.flaky ?? 0;
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + flaky;
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
// A runner that crashed before running anything must not pass for a green run.
const unitRan = vitest?.success === true && vitest.numTotalTests > 0;
const e2eRan = (playwright?.stats?.expected ?? 0) > 0;
const broken = staticStatus !== 0 || unitStatus !== 0 || !unitRan || buildStatus !== 0 || e2eStatus !== 0 || !e2eRan;

if (flaky > 0) console.log(`\n${flaky} browser test(s) passed only on their retry (flaky): see the list above.`);
console.log(`\ntest: ${passed} passed, ${failed + (broken && failed === 0 ? 1 : 0)} failed, ${skipped} skipped`);
process.exit(broken ? 1 : 0);
