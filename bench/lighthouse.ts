// Lighthouse mobile performance of the main screens, against the production server (`npm start`'s
// server with NODE_ENV=production) on a fresh data directory: performance score, LCP, TBT, CLS and
// the JavaScript bytes on the wire, the median of three runs per screen (simulated throttling, as
// Lighthouse's mobile default). Signed-in screens get the session cookie as an extra header.
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function audit(url: string, port: number, cookie?: string): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    throttlingMethod: "simulate",
    extraHeaders: cookie ? { cookie } : undefined,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
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

type Screen = [path: string, signedIn: boolean];
/** The main screens: the first page and the legal pages, then a signed-in member's own screens. */
const SCREENS: Screen[] = [
  [APP_PATHS.home, false],
  [APP_PATHS.terms, false],
  [APP_PATHS.privacy, false],
  [APP_PATHS.settings, true],
  [APP_PATHS.photoUpload, true],
  [APP_PATHS.yourWeb, true],
  [APP_PATHS.yourStory, true],
];

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
  for (const [screen, signedIn] of screens) {
    const runs: Result[][] = checkouts.map(() => []);
    for (let i = 0; i < RUNS; i++)
      for (const [k, checkout] of checkouts.entries())
        runs[k]?.push(await audit(`${checkout.base}${screen}`, chromePort, signedIn ? checkout.cookie : undefined));
    for (const [k, checkoutRuns] of runs.entries()) {
      const m = (key: keyof Result) => median(checkoutRuns.map((r) => r[key]));
      results[k]?.set(screen, {
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
  console.log("| screen | performance | LCP | TBT | CLS | JS on the wire |");
  console.log("| ------ | ----------- | --- | --- | --- | -------------- |");
  for (const [screen, signedIn] of screens) {
    console.log(
      `| ${screen}${signedIn ? " (signed in)" : ""} | ${show(screen, "score", String)} | ${show(screen, "lcp", (n) => `${(n / 1000).toFixed(2)} s`)} | ${show(screen, "tbt", (n) => `${Math.round(n)} ms`)} | ${show(screen, "cls", (n) => n.toFixed(3))} | ${show(screen, "jsBytes", (n) => `${(n / 1024).toFixed(1)} KB`)} |`,
    );
  }
} finally {
  chrome.kill();
  for (const checkout of checkouts) await checkout.stop();
}
