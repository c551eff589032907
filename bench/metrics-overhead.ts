// What the Prometheus metrics cost: requests per second of an authenticated GET /api/me on an
// instance without metrics (the baseline) and on one with METRICS_PORT set (every request timed
// into the histogram, scraped every 5 s as Prometheus would), the two on one PostgreSQL, measured
// in alternating rounds in the same run so the machine's drift falls on both. Beside the
// throughput, each instance's own CPU time per request (from /proc): on a machine that other work
// keeps busy, throughput follows whoever has the cores, while the CPU a request costs its own
// process barely moves. And the share of the metrics instance's CPU profile spent in the metrics'
// own code (prom-client and platform/metrics): a share of the same process's samples, which
// other work on the machine cannot tilt.
//   node --import tsx bench/metrics-overhead.ts [--connections 20] [--seconds 8] [--rounds 3]
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { type Instance, signUp, startInstance } from "./instances.ts";
import { freePort, percentile, procStat } from "./lib.ts";

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

interface Round {
  perSecond: number;
  /** The instance's own CPU milliseconds per request answered. */
  cpuMsPerRequest: number;
}

async function measure(instance: Instance, cookie: string, seconds: number): Promise<Round> {
  const pid = instance.child.pid ?? 0;
  const cpuBefore = procStat(pid)?.cpuSeconds ?? Number.NaN;
  const url = `${instance.base}/api/me`;
  const result = await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, duration: seconds });
  const cpuAfter = procStat(pid)?.cpuSeconds ?? Number.NaN;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    perSecond: result.requests.average,
    cpuMsPerRequest: ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

/** A V8 CPU profile (.cpuprofile), as `node --cpu-prof` writes it on exit. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The metrics' own code: the library and the server's platform/metrics. */
const isMetricsCode = (url: string) => url.includes("/prom-client/") || url.includes("/platform/metrics/");

/**
 * Of the profile's busy time (idle excluded), the share spent in the metrics' code or in what it
 * called (a sample counts when any frame of its stack is the metrics' code).
 */
function metricsShare(profile: CpuProfile): { share: number; busyMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inMetrics = new Map<number, boolean>();
  const insideMetrics = (id: number): boolean => {
    const known = inMetrics.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const parent = parentOf.get(id);
    const result =
      (node !== undefined && isMetricsCode(node.callFrame.url)) || (parent !== undefined && insideMetrics(parent));
    inMetrics.set(id, result);
    return result;
  };
  let busy = 0;
  let metrics = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    if (byId.get(id)?.callFrame.functionName === "(idle)") return;
    busy += micros;
    if (insideMetrics(id)) metrics += micros;
  });
  return { share: metrics / busy, busyMs: busy / 1000 };
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
      await measure(plain, cookie, 2);
      await measure(timed, cookie, 2);
      const without: Round[] = [];
      const withMetrics: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Which goes first alternates, so neither always runs on a warmer machine.
        const order = round % 2 === 0 ? [plain, timed] : [timed, plain];
        for (const instance of order) {
          (instance === plain ? without : withMetrics).push(await measure(instance, cookie, SECONDS));
        }
      }
      const list = (rounds: Round[], pick: (round: Round) => number, digits: number) =>
        rounds.map((round) => pick(round).toFixed(digits)).join(", ");
      const median = (rounds: Round[], pick: (round: Round) => number) => percentile(rounds.map(pick), 50);
      const throughput = (round: Round) => round.perSecond;
      const cpu = (round: Round) => round.cpuMsPerRequest;
      // Each round's pair ran back to back, so its ratio is the steadier figure on a busy machine.
      const ratios = without.map((base, round) => (withMetrics[round]?.perSecond ?? Number.NaN) / base.perSecond);
      console.log(
        `GET /api/me signed in, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s each, medians: ` +
          `without metrics ${median(without, throughput).toFixed(0)}/s (baseline) [${list(without, throughput, 0)}], ` +
          `with METRICS_PORT ${median(withMetrics, throughput).toFixed(0)}/s [${list(withMetrics, throughput, 0)}] ` +
          `= ${(median(withMetrics, throughput) / median(without, throughput)).toFixed(3)}× baseline; ` +
          `each round's ratio [${ratios.map((v) => v.toFixed(2)).join(", ")}], median ${percentile(ratios, 50).toFixed(3)}×`,
      );
      console.log(
        `server CPU per request, medians: without metrics ${median(without, cpu).toFixed(3)} ms (baseline) ` +
          `[${list(without, cpu, 3)}], with METRICS_PORT ${median(withMetrics, cpu).toFixed(3)} ms [${list(withMetrics, cpu, 3)}] ` +
          `= ${(median(withMetrics, cpu) / median(without, cpu)).toFixed(3)}× baseline (above 1: the metrics cost CPU)`,
      );
    } finally {
      clearInterval(scraper);
    }
    // Last, apart from the rounds (a profiler slows what it watches): a third instance with metrics
    // under the same load, profiled. The profile is written when it exits, drained as a deploy would.
    const profiles = path.join(dir, "profiles");
    const profiled = await startInstance(
      { ...env, METRICS_PORT: String(await freePort()) },
      { nodeArgs: ["--cpu-prof", "--cpu-prof-dir", profiles] },
    );
    instances.push(profiled);
    await measure(profiled, cookie, SECONDS * 2);
    profiled.child.kill("SIGTERM");
    await profiled.exited;
    // One profile per thread; the server's main thread is the busiest.
    const shares = await Promise.all(
      (await readdir(profiles))
        .filter((name) => name.endsWith(".cpuprofile"))
        .map(async (name) => metricsShare(JSON.parse(await readFile(path.join(profiles, name), "utf8")) as CpuProfile)),
    );
    const main = shares.sort((a, b) => b.busyMs - a.busyMs)[0];
    if (main) {
      console.log(
        `CPU profile of an instance with metrics under the same load (${(main.busyMs / 1000).toFixed(1)} s busy): ` +
          `${(main.share * 100).toFixed(2)}% of it in the metrics' code and what it calls (prom-client, platform/metrics)`,
      );
    }
  } finally {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
