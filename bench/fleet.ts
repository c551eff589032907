// Several instances on one PostgreSQL (DATABASE_URL), as behind a balancer:
// 1. requests per second back to back on one instance: an authenticated GET /api/me against
//    GET /api/health (one database ping, the baseline), same connections and duration;
// 2. the live-update delay across instances: a change saved on instance A until instance B's
//    event stream announces it, next to that request's own round trip;
// 3. SIGTERM to exit with one slow request in flight (held in the database for a second), on an
//    outside database and with the embedded one.
//   node --import tsx bench/fleet.ts [--connections 20] [--seconds 10] [--changes 20]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { type Instance, signUp, startInstance } from "./instances.ts";
import { freePort, percentile } from "./lib.ts";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "20" },
    seconds: { type: "string", default: "10" },
    changes: { type: "string", default: "20" },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const CHANGES = Number(values.changes);
/** How long the slow request is held in the database after SIGTERM. */
const SLOW_HOLD_MS = 1000;

async function requestsPerSecond(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { perSecond: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5 };
}

/** Reads one tab's event stream, noting when each change arrives. */
async function openEvents(base: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no event stream");
  const arrivals: number[] = [];
  let buffer = "";
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        if (buffer.slice(0, end).includes('"topic":"profile"')) arrivals.push(performance.now());
        buffer = buffer.slice(end + 2);
      }
    }
  })();
  return { arrivals, close: () => controller.abort() };
}

async function liveUpdateDelays(a: string, b: string, cookie: string) {
  const events = await openEvents(b, cookie);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const delays: number[] = [];
  const roundTrips: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const seen = events.arrivals.length;
    const started = performance.now();
    const response = await fetch(`${a}/api/profile`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json", origin: a.replace("127.0.0.1", "localhost") },
      body: JSON.stringify({ searchRadius: 25 + (i % 2) }),
    });
    if (response.status !== 200) throw new Error(`profile update answered ${response.status}`);
    roundTrips.push(performance.now() - started);
    const deadline = Date.now() + 10_000;
    while (events.arrivals.length === seen) {
      if (Date.now() > deadline) throw new Error("a change never reached the other instance");
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    delays.push((events.arrivals[seen] ?? Number.NaN) - started);
  }
  events.close();
  return { delays, roundTrips };
}

/** SIGTERM with one request held in the database; the hold ends SLOW_HOLD_MS after the signal. */
async function sigtermWithSlowRequest(instance: Instance, databaseUrl: string, cookie: string) {
  const blocker = new pg.Client({ connectionString: databaseUrl });
  await blocker.connect();
  await blocker.query("begin");
  await blocker.query("lock table sessions in access exclusive mode");
  const answered = fetch(`${instance.base}/api/me`, { headers: { cookie } }).then(async (response) => {
    await response.arrayBuffer();
    return { status: response.status, at: performance.now() };
  });
  for (;;) {
    const waiting = await blocker.query<{ n: number }>("select count(*)::int as n from pg_locks where not granted");
    if ((waiting.rows[0]?.n ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const signalled = performance.now();
  instance.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, SLOW_HOLD_MS));
  await blocker.query("rollback");
  await blocker.end();
  const response = await answered;
  const code = await instance.exited;
  const exitedAt = performance.now();
  if (response.status !== 200) throw new Error(`the slow request answered ${response.status}`);
  return { code, toAnswer: response.at - signalled, toExit: exitedAt - signalled, afterAnswer: exitedAt - response.at };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-fleet-"));
  const postgres = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    database: "sams_web",
    persistent: false,
  });
  const instances: Instance[] = [];
  try {
    const env = { DATABASE_URL: postgres.url, DATA_DIR: path.join(dir, "shared") };
    const a = await startInstance(env);
    instances.push(a);
    const b = await startInstance(env);
    instances.push(b);
    const cookie = await signUp(a.base, `fleet-${Date.now()}@example.com`);

    // Warm-up, then the two measured runs back to back.
    await requestsPerSecond(`${a.base}/api/health`, {}, 2);
    await requestsPerSecond(`${a.base}/api/me`, { cookie }, 2);
    const health = await requestsPerSecond(`${a.base}/api/health`, {}, SECONDS);
    const me = await requestsPerSecond(`${a.base}/api/me`, { cookie }, SECONDS);
    console.log(
      `requests/s on one instance, ${CONNECTIONS} connections × ${SECONDS} s: GET /api/health ${health.perSecond.toFixed(0)}/s ` +
        `(p50 ${health.p50} ms, p97.5 ${health.p97_5} ms) (baseline); GET /api/me signed in ${me.perSecond.toFixed(0)}/s ` +
        `(p50 ${me.p50} ms, p97.5 ${me.p97_5} ms) = ${(me.perSecond / health.perSecond).toFixed(2)}× baseline`,
    );

    const live = await liveUpdateDelays(a.base, b.base, cookie);
    console.log(
      `live update A → B over ${CHANGES} changes: p50 ${ms(percentile(live.delays, 50))}, p95 ${ms(percentile(live.delays, 95))} ` +
        `from sending the change to B's event; the change's own round trip on A (baseline): p50 ${ms(percentile(live.roundTrips, 50))}, ` +
        `p95 ${ms(percentile(live.roundTrips, 95))}`,
    );

    const outside = await sigtermWithSlowRequest(a, postgres.url, cookie);
    console.log(
      `SIGTERM with a slow request in flight (held ${SLOW_HOLD_MS} ms), DATABASE_URL: answered 200 after ${ms(outside.toAnswer)}, ` +
        `exit ${outside.code} after ${ms(outside.toExit)} (${ms(outside.afterAnswer)} after the answer)`,
    );
  } finally {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
    await postgres.stop();
  }

  // The embedded database: the server stops it itself, last.
  const embeddedDir = path.join(dir, "embedded");
  const embeddedPort = await freePort();
  const embedded = await startInstance({ DATA_DIR: embeddedDir, EMBEDDED_PG_PORT: String(embeddedPort) });
  try {
    const cookie = await signUp(embedded.base, `fleet-embedded-${Date.now()}@example.com`);
    const url = `postgres://sams_web:sams_web_local@127.0.0.1:${embeddedPort}/sams_web`;
    const result = await sigtermWithSlowRequest(embedded, url, cookie);
    console.log(
      `SIGTERM with a slow request in flight (held ${SLOW_HOLD_MS} ms), embedded database: answered 200 after ${ms(result.toAnswer)}, ` +
        `exit ${result.code} after ${ms(result.toExit)} (${ms(result.afterAnswer)} after the answer, the database stopped last)`,
    );
  } finally {
    if (embedded.child.exitCode === null) embedded.child.kill("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
