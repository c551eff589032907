// Lighthouse mobile performance of the main screens, against the production server (`npm start`'s
// server with NODE_ENV=production) on a fresh data directory: performance score, LCP, TBT, CLS and
// the JavaScript bytes on the wire, the median of three runs per screen (simulated throttling, as
// Lighthouse's mobile default). Signed-in screens get the session cookie as an extra header. `/` is
// measured twice: as a first visit (storage and cache empty, the cookie banner not yet answered)
// and as a returning visit (the banner answered, the service worker installed, the cache warm).
//
//   node --import tsx bench/lighthouse.ts [--runs 3] [--screen /settings …] [--baseline DIR]
//
// With --baseline, a second checkout (built, with its dependencies installed: an earlier commit,
// say) is measured the same way in the same run, alternating with this one run by run (so a busy
// moment of the machine weighs on both), and each figure is printed as baseline → this.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { APP_PATHS } from "@sams-web/domain/shell/routes";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type Instance, signUp, startInstance } from "./instances.ts";
import { chromiumPath, freePort } from "./lib.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    screen: { type: "string", multiple: true },
    baseline: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, "..");

interface Result {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
}

/** The median of the runs that gave the figure (a run sometimes has no LCP: NaN would poison the sort). */
function median(xs: number[]): number {
  const given = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return given.length === 0 ? Number.NaN : (given[Math.floor(given.length / 2)] as number);
}

/**
 * The browser and how fast Lighthouse found the machine in each run (its benchmark index: higher
 * is faster). Blocking time is the main thread's tasks as they ran, so the same page scores
 * differently on a slower or busier machine, or in another Chromium: both are printed with the
 * figures.
 */
const browsers = new Set<string>();
const benchmarkIndexes: number[] = [];

/** How the browser arrives at a screen. */
type Visit = "first" | "returning" | "signed-in";

/**
 * Makes the next visit to `url` a returning one: in the browser Lighthouse drives, starts from empty
 * storage and cache (as a first visit does), opens the page, answers the cookie banner ("Accept
 * All") and waits for the service worker the page registers once it is idle, so the audit that
 * follows (with storage kept) finds what a visitor coming back finds.
 */
async function visitOnceBefore(url: string, port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Storage.clearDataForOrigin", { origin: new URL(url).origin, storageTypes: "all" });
    await devtools.send("Network.clearBrowserCache");
    await page.goto(url);
    await page.getByRole("button", { name: "Accept All" }).click();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(url: string, port: number, visit: Visit, cookie: string): Promise<Result> {
  if (visit === "returning") await visitOnceBefore(url, port);
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    throttlingMethod: "simulate",
    // A first visit starts from empty storage and cache (Lighthouse's default); a returning one
    // keeps what the visit before it left.
    disableStorageReset: visit === "returning",
    extraHeaders: visit === "signed-in" ? { cookie } : undefined,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  browsers.add(lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent);
  benchmarkIndexes.push(lhr.environment.benchmarkIndex);
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const items = (
    lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: (items ?? [])
      .filter((i) => i.resourceType === "Script")
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
  };
}

type Screen = [path: string, visit: Visit];
/**
 * The main screens: the first page (a first visit and a returning one) and the legal pages, then a
 * signed-in member's own screens.
 */
const SCREENS: Screen[] = [
  [APP_PATHS.home, "first"],
  [APP_PATHS.home, "returning"],
  [APP_PATHS.terms, "first"],
  [APP_PATHS.privacy, "first"],
  [APP_PATHS.settings, "signed-in"],
  [APP_PATHS.photoUpload, "signed-in"],
  [APP_PATHS.yourWeb, "signed-in"],
  [APP_PATHS.yourStory, "signed-in"],
];
const screenName = ([screen, visit]: Screen) =>
  visit === "first" ? screen : `${screen} (${visit === "returning" ? "returning visit" : "signed in"})`;

/** Starts the production server of the checkout at `checkout`, with a signed-in member's cookie. */
async function startCheckout(checkout: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-lighthouse-"));
  let server: Instance | undefined;
  const stop = async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startInstance(
      {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        BOTCHECK_MAX_NUMBER: "1000",
        LOG_LEVEL: "warn",
      },
      { checkout },
    );
    return { base: server.publicUrl, cookie: await signUp(server.base, `bench-${Date.now()}@example.com`), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Checkout = Awaited<ReturnType<typeof startCheckout>>;

/**
 * Audits each screen RUNS times on each checkout, alternating between them run by run, so a change
 * in the machine's load during the bench weighs on both sides alike; medians per checkout.
 */
async function measure(checkouts: Checkout[], chromePort: number, screens: Screen[]) {
  const results = checkouts.map(() => new Map<string, Record<keyof Result, number>>());
  for (const [screen, visit] of screens) {
    const runs: Result[][] = checkouts.map(() => []);
    for (let i = 0; i < RUNS; i++)
      for (const [k, checkout] of checkouts.entries())
        runs[k]?.push(await audit(`${checkout.base}${screen}`, chromePort, visit, checkout.cookie));
    for (const [k, checkoutRuns] of runs.entries()) {
      const m = (key: keyof Result) => median(checkoutRuns.map((r) => r[key]));
      results[k]?.set(screenName([screen, visit]), {
        score: m("score"),
        lcp: m("lcp"),
        tbt: m("tbt"),
        cls: m("cls"),
        jsBytes: m("jsBytes"),
      });
    }
  }
  return results;
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const checkouts: Checkout[] = [];
try {
  const screens = values.screen ? SCREENS.filter(([screen]) => values.screen?.includes(screen)) : SCREENS;
  if (values.baseline) checkouts.push(await startCheckout(path.resolve(values.baseline)));
  checkouts.push(await startCheckout(root));
  const results = await measure(checkouts, chrome.port, screens);
  const after = results[results.length - 1] as Map<string, Record<keyof Result, number>>;
  const before = values.baseline ? results[0] : undefined;
  const show = (screen: string, key: keyof Result, format: (n: number) => string) => {
    const now = format(after.get(screen)?.[key] ?? Number.NaN);
    return before ? `${format(before.get(screen)?.[key] ?? Number.NaN)} → ${now}` : now;
  };
  console.log(
    `Lighthouse mobile, median of ${RUNS}${before ? `; baseline ${values.baseline} → this checkout, runs alternating` : ""}`,
  );
  console.log(
    `${[...browsers].join(", ")}; benchmark index ${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)} (median ${median(benchmarkIndexes)})`,
  );
  console.log("| screen | performance | LCP | TBT | CLS | JS on the wire |");
  console.log("| ------ | ----------- | --- | --- | --- | -------------- |");
  for (const screen of screens.map(screenName)) {
    console.log(
      `| ${screen} | ${show(screen, "score", String)} | ${show(screen, "lcp", (n) => `${(n / 1000).toFixed(2)} s`)} | ${show(screen, "tbt", (n) => `${Math.round(n)} ms`)} | ${show(screen, "cls", (n) => n.toFixed(3))} | ${show(screen, "jsBytes", (n) => `${(n / 1024).toFixed(1)} KB`)} |`,
    );
  }
} finally {
  chrome.kill();
  for (const checkout of checkouts) await checkout.stop();
}
