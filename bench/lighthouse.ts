// Lighthouse mobile performance of the main screens, against the production server (`npm start`'s
// server with NODE_ENV=production) on a fresh data directory: performance score, LCP, TBT, CLS and
// the JavaScript bytes on the wire, the median of three runs per screen (simulated throttling, as
// Lighthouse's mobile default). Signed-in screens get the session cookie as an extra header.
//
//   node --import tsx bench/lighthouse.ts [--runs 3] [--screen /settings …] [--baseline DIR]
//
// With --baseline, a second checkout (built, with its dependencies installed: an earlier commit,
// say) is measured the same way in the same run, and each figure is printed as baseline → this.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { solveChallenge } from "altcha-lib/v1";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
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

async function signedInCookie(base: string): Promise<string> {
  const challenge = await (await fetch(`${base}/api/botcheck/challenge`)).json();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  const botcheck = Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString("base64");
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-botcheck": botcheck },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: "violet-harbor-42-lantern",
      name: "Bench",
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

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
const SCREENS: Screen[] = [
  ["/", false],
  ["/terms", false],
  ["/privacy", false],
  ["/settings", true],
  ["/photo-upload", true],
];

/** Starts the production server of the checkout at `checkout` and audits each screen. */
async function measureCheckout(checkout: string, chromePort: number, screens: Screen[]) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-lighthouse-"));
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      BOTCHECK_MAX_NUMBER: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    const base = `http://localhost:${port}`;
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error(`the server of ${checkout} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const cookie = await signedInCookie(base);
    const results = new Map<string, Record<keyof Result, number>>();
    for (const [screen, signedIn] of screens) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await audit(`${base}${screen}`, chromePort, signedIn ? cookie : undefined));
      const m = (key: keyof Result) => median(runs.map((r) => r[key]));
      results.set(screen, { score: m("score"), lcp: m("lcp"), tbt: m("tbt"), cls: m("cls"), jsBytes: m("jsBytes") });
    }
    return results;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const screens = values.screen ? SCREENS.filter(([screen]) => values.screen?.includes(screen)) : SCREENS;
  const before = values.baseline ? await measureCheckout(path.resolve(values.baseline), chrome.port, screens) : null;
  const after = await measureCheckout(root, chrome.port, screens);
  const show = (screen: string, key: keyof Result, format: (n: number) => string) => {
    const now = format(after.get(screen)?.[key] ?? Number.NaN);
    return before ? `${format(before.get(screen)?.[key] ?? Number.NaN)} → ${now}` : now;
  };
  console.log(`Lighthouse mobile, median of ${RUNS}${before ? `; baseline ${values.baseline} → this checkout` : ""}`);
  console.log("| screen | performance | LCP | TBT | CLS | JS on the wire |");
  console.log("| ------ | ----------- | --- | --- | --- | -------------- |");
  for (const [screen, signedIn] of screens) {
    console.log(
      `| ${screen}${signedIn ? " (signed in)" : ""} | ${show(screen, "score", String)} | ${show(screen, "lcp", (n) => `${(n / 1000).toFixed(2)} s`)} | ${show(screen, "tbt", (n) => `${Math.round(n)} ms`)} | ${show(screen, "cls", (n) => n.toFixed(3))} | ${show(screen, "jsBytes", (n) => `${(n / 1024).toFixed(1)} KB`)} |`,
    );
  }
} finally {
  chrome.kill();
}
