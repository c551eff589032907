// What the Prometheus metrics cost: requests per second of an authenticated GET /api/me on an
// instance without metrics (the baseline) and on one with METRICS_PORT set (every request timed
// into the histogram, scraped every 5 s as Prometheus would), the two on one PostgreSQL, measured
// in alternating rounds in the same run so the machine's drift falls on both.
//   node --import tsx bench/metrics-overhead.ts [--connections 20] [--seconds 8] [--rounds 3]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { type Instance, signUp, startInstance } from "./instances.ts";
import { freePort, percentile } from "./lib.ts";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "20" },
    seconds: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const SCRAPE_EVERY_MS = 5_000;

async function requestsPerSecond(url: string, cookie: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-metrics-"));
  const postgres = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    database: "sams_web",
    persistent: false,
  });
  const instances: Instance[] = [];
  try {
    const env = { DATABASE_URL: postgres.url, DATA_DIR: path.join(dir, "shared") };
    const plain = await startInstance(env);
    instances.push(plain);
    const metricsPort = await freePort();
    const timed = await startInstance({ ...env, METRICS_PORT: String(metricsPort) });
    instances.push(timed);
    const cookie = await signUp(plain.base, `metrics-${Date.now()}@example.com`);

    const scraper = setInterval(() => {
      void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
        (response) => response.text(),
        () => "",
      );
    }, SCRAPE_EVERY_MS);
    try {
      await requestsPerSecond(`${plain.base}/api/me`, cookie, 2);
      await requestsPerSecond(`${timed.base}/api/me`, cookie, 2);
      const without: number[] = [];
      const withMetrics: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Which goes first alternates, so neither always runs on a warmer machine.
        const order = round % 2 === 0 ? [plain, timed] : [timed, plain];
        for (const instance of order) {
          const perSecond = await requestsPerSecond(`${instance.base}/api/me`, cookie, SECONDS);
          (instance === plain ? without : withMetrics).push(perSecond);
        }
      }
      // Each round's pair ran back to back, so its ratio is the steadier figure on a busy machine.
      const ratios = without.map((base, round) => (withMetrics[round] ?? Number.NaN) / base);
      const baseline = percentile(without, 50);
      const measured = percentile(withMetrics, 50);
      console.log(
        `GET /api/me signed in, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s each, medians: ` +
          `without metrics ${baseline.toFixed(0)}/s (baseline) [${without.map((v) => v.toFixed(0)).join(", ")}], ` +
          `with METRICS_PORT ${measured.toFixed(0)}/s [${withMetrics.map((v) => v.toFixed(0)).join(", ")}] ` +
          `= ${(measured / baseline).toFixed(3)}× baseline; each round's ratio [${ratios.map((v) => v.toFixed(2)).join(", ")}], ` +
          `median ${percentile(ratios, 50).toFixed(3)}× (below 1: the metrics cost throughput)`,
      );
    } finally {
      clearInterval(scraper);
    }
  } finally {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
