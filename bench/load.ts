// How many members one instance holds: a ramp of simulated members against one server on the
// embedded PostgreSQL, the load client on the same machine. What a member does: bench/load/members.ts.
//
//   node --import tsx bench/load.ts [--steps 100,500,1000,2000,3000,4000,5000,6000] [--step-seconds 30]
//        [--mix 1] [--port P] [--pg-port P] [--out result.json] [--keep-data]
//
// Seeds as many ready-to-search people as the last step needs (scripts/seed.ts, no photos), gives
// each a session (a row in `sessions` and the signed cookie Better Auth would set) and six
// candidates in photo review, then starts the server and ramps. Each step: the new members join
// (event stream, then what a page load reads), settle, and then everything is measured for
// --step-seconds. The ramp stops by itself after the last step, or once a step is past saturation
// (chat p95 over 2 s or more than 5% errors). Prints one table per step and, with --out, JSON.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { loadConfig } from "../apps/server/src/config.ts";
import { matches, sessions } from "../apps/server/src/db/schema.ts";
import { createStorage } from "../apps/server/src/platform/storage/create-storage.ts";
import { openToolDatabase } from "../scripts/lib/tool-database.ts";
import { seed } from "../scripts/seed.ts";
import { freePort, percentile, procStat } from "./lib.ts";
import {
  Member,
  type MemberIdentity,
  MIX_PER_MINUTE,
  photoUpload,
  type Recorder,
  type RequestKind,
  Target,
} from "./load/members.ts";
import type { ProbeReport } from "./load/probe.ts";
import { AUTH_SECRET, sessionCookie } from "./load/sessions.ts";

const root = path.resolve(import.meta.dirname, "..");
const CANDIDATES_PER_MEMBER = 6;
const SESSION_DAYS = 30;
const SETTLE_SECONDS = 5;

const { values: args } = parseArgs({
  options: {
    steps: { type: "string", default: "100,500,1000,2000,3000,4000,5000,6000" },
    "step-seconds": { type: "string", default: "30" },
    mix: { type: "string", default: "1" },
    port: { type: "string" },
    "pg-port": { type: "string" },
    out: { type: "string" },
    "keep-data": { type: "boolean" },
    env: { type: "string", multiple: true, default: [] },
    "cpu-prof": { type: "string" },
    /** Another checkout whose server to run instead of this one's (a baseline), with the same members and mix. */
    "server-dir": { type: "string" },
  },
});
const steps = args.steps.split(",").map(Number);
const serverRoot = path.resolve(args["server-dir"] ?? root);
const stepSeconds = Number(args["step-seconds"]);
const mixScale = Number(args.mix);
const maxMembers = Math.max(...steps);
if (steps.some((n) => !Number.isInteger(n) || n < 1) || !(stepSeconds > 0) || !(mixScale > 0)) {
  throw new Error("--steps must be positive integers, --step-seconds and --mix positive numbers");
}
/** Extra server environment for an experiment, e.g. --env DATABASE_POOL_SIZE=20. */
const extraEnv = Object.fromEntries(args.env.map((pair) => pair.split("=", 2) as [string, string]));

// ── /proc: CPU and memory of the server, of its PostgreSQL, and of this client ──────────────

/** A /proc file's "Name:   123 kB" field, in MB (0 once the process is gone). */
function procKbField(file: string, name: string): number {
  try {
    const line = readFileSync(file, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${name}:`));
    return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const rssMb = (pid: number) => procKbField(`/proc/${pid}/status`, "VmRSS");
/**
 * A process's proportional set size: its own pages, plus its share of the pages it shares. Summed
 * over PostgreSQL's processes it counts the shared buffers once; their RSS would count them once per
 * backend that touched them.
 */
const pssMb = (pid: number) => procKbField(`/proc/${pid}/smaps_rollup`, "Pss");

/** The server's descendants: the embedded PostgreSQL and its backends. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    const stat = procStat(child);
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

interface CpuSample {
  at: number;
  server: number;
  database: number;
  client: number;
}

function cpuSample(serverPid: number): CpuSample {
  // Backends come and go: the postmaster's account of its exited children keeps their time.
  const database = descendants(serverPid).reduce((sum, pid) => {
    const stat = procStat(pid);
    return sum + (stat ? stat.cpuSeconds + stat.exitedChildrenCpuSeconds : 0);
  }, 0);
  const client = process.cpuUsage();
  return {
    at: performance.now(),
    server: procStat(serverPid)?.cpuSeconds ?? 0,
    database,
    client: (client.user + client.system) / 1e6,
  };
}

/** The machine's CPU ticks: busy (stolen included), stolen by the host from this virtual machine, and all. */
function machineCpuBusy(): { busy: number; stolen: number; total: number } {
  const [cpu] = readFileSync("/proc/stat", "utf8").split("\n");
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is counted in user.
  const ticks = (cpu ?? "").split(/\s+/).slice(1, 9).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, stolen: ticks[7] ?? 0, total };
}

/**
 * How fast one core of this machine is right now: the fastest of five runs of a fixed piece of
 * JavaScript (JSON and SHA-256 over the same data), in ms. The same code's CPU per request moves
 * with it: a virtual machine's cores run at different speeds from hour to hour, so two ramps are
 * compared with this figure beside them.
 */
function referenceWorkMs(): number {
  const record = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, `value ${i} `.repeat(4)]));
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (let i = 0; i < 4000; i++) {
      const text = JSON.stringify(record);
      createHash("sha256").update(text).digest();
      JSON.parse(text);
    }
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

// ── Setup: people, sessions, candidates ───────────────────────────────────────────────────────

async function prepare(env: Record<string, string>): Promise<MemberIdentity[]> {
  const config = loadConfig({ ...process.env, ...env });
  const { db, close } = await openToolDatabase(config, 30);
  try {
    const started = Date.now();
    const ids = await seed(db, { users: maxMembers, seed: 28, photos: false, storage: createStorage(config) });
    const now = Date.now();
    const identities = ids.map((id) => {
      const token = randomBytes(24).toString("base64url");
      return { id, token, cookie: sessionCookie(token), candidates: [] as string[] };
    });
    for (let start = 0; start < identities.length; start += 1000) {
      const batch = identities.slice(start, start + 1000);
      await db.insert(sessions).values(
        batch.map((m) => ({
          id: `load_${m.token}`,
          token: m.token,
          userId: m.id,
          expiresAt: new Date(now + SESSION_DAYS * 86_400_000),
          ipAddress: "198.18.0.1",
          userAgent: "load-bench",
        })),
      );
    }
    // Candidates in photo review, both ways: i with i±1, i±2, i±3 (mod N), a score Sam gave.
    const rows: (typeof matches.$inferInsert)[] = [];
    const n = identities.length;
    for (let i = 0; i < n; i++) {
      for (let d = 1; d <= CANDIDATES_PER_MEMBER / 2; d++) {
        for (const j of [(i + d) % n, (i - d + n) % n]) {
          const me = identities[i] as (typeof identities)[number];
          const them = identities[j] as (typeof identities)[number];
          if (j === i || me.candidates.includes(them.id)) continue;
          me.candidates.push(them.id);
          rows.push({
            userId: me.id,
            candidateId: them.id,
            status: "photoValidation",
            score: 80,
            reason: "You both love the outdoors.",
            distanceBandMiles: 25,
          });
        }
      }
    }
    for (let start = 0; start < rows.length; start += 2000) {
      await db
        .insert(matches)
        .values(rows.slice(start, start + 2000))
        .onConflictDoNothing();
    }
    console.log(
      `prepared ${n} members with sessions and ${rows.length} photo-review pairs in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return identities.map(({ id, cookie, candidates }) => ({ id, cookie, candidates }));
  } finally {
    await close();
  }
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(args["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(args["cpu-prof"])] : []),
      "--import",
      "tsx",
      "--import",
      path.join(import.meta.dirname, "load", "probe.ts"),
      "apps/server/src/main.ts",
    ],
    { cwd: serverRoot, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit", "ipc"] },
  );
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > 180_000) throw new Error("no healthy answer within 180 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

function probe(child: ChildProcess, message: "probe:reset" | "probe:report"): Promise<ProbeReport | null> {
  if (message === "probe:reset") {
    child.send(message);
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const onMessage = (reply: unknown) => {
      if ((reply as ProbeReport)?.kind !== "probe") return;
      child.off("message", onMessage);
      resolve(reply as ProbeReport);
    };
    child.on("message", onMessage);
    child.send(message);
    setTimeout(() => {
      child.off("message", onMessage);
      resolve(null);
    }, 10_000).unref();
  });
}

// ── One step's figures ────────────────────────────────────────────────────────────────────────

class StepRecorder implements Recorder {
  readonly latencies = new Map<RequestKind, number[]>();
  readonly errors = new Map<RequestKind, number>();
  readonly errorSamples: string[] = [];
  readonly events = { self: [] as number[], other: [] as number[] };
  lost = 0;

  request(kind: RequestKind, ms: number, ok: boolean, detail?: string): void {
    if (ok) {
      const list = this.latencies.get(kind) ?? [];
      list.push(ms);
      this.latencies.set(kind, list);
      return;
    }
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (detail && this.errorSamples.length < 5) this.errorSamples.push(`${kind}: ${detail}`);
  }

  event(to: "self" | "other", ms: number): void {
    this.events[to].push(ms);
  }

  lostEvent(): void {
    this.lost++;
  }
}

interface StepResult {
  members: number;
  seconds: number;
  requestsPerSecond: number;
  errors: number;
  errorSamples: string[];
  kinds: Record<string, { count: number; errors: number; p50: number; p95: number; p99: number }>;
  events: {
    self: { p50: number; p95: number; count: number };
    other: { p50: number; p95: number; count: number };
    lost: number;
  };
  /** Shares of one core (server, database, client) and of the whole machine (machine, stolen). */
  cpu: { server: number; database: number; client: number; machine: number; stolen: number };
  /** CPU time per request answered, in ms: a cost that contention for the machine barely moves. */
  cpuMsPerRequest: { server: number; database: number };
  /** The server process's RSS; PostgreSQL's processes' PSS summed (pssMb). */
  memoryMb: { server: number; database: number };
  databaseActiveMs: number;
  activeBackends: { mean: number; max: number };
  eventLoop: ProbeReport["eventLoop"] | null;
  heapUsedMb: number | null;
  statementsPerRequest: Record<string, number>;
  statementsPerSecond: number;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function summarise(list: number[]) {
  return {
    count: list.length,
    p50: round(percentile(list, 50)),
    p95: round(percentile(list, 95)),
    p99: round(percentile(list, 99)),
  };
}

function printStep(result: StepResult): void {
  const { cpu, events } = result;
  console.log(
    `\n── ${result.members} members: ${round(result.requestsPerSecond)} req/s, ${result.errors} errors; ` +
      `server CPU ${round(cpu.server * 100)}%, PostgreSQL ${round(cpu.database * 100)}%, client ${round(cpu.client * 100)}% (of one core), machine ${round(cpu.machine * 100)}% busy (${round(cpu.stolen * 100)}% taken by the host); ` +
      `RSS server ${round(result.memoryMb.server)} MB; PostgreSQL ${round(result.memoryMb.database)} MB (PSS, all its processes)`,
  );
  console.log(
    `   CPU per request: server ${round(result.cpuMsPerRequest.server, 2)} ms, PostgreSQL ${round(result.cpuMsPerRequest.database, 2)} ms; ` +
      `database active ${round(result.databaseActiveMs / result.seconds)} ms/s, active backends mean ${result.activeBackends.mean} max ${result.activeBackends.max}; ` +
      `event loop delay p50 ${round(result.eventLoop?.p50 ?? Number.NaN)} ms p99 ${round(result.eventLoop?.p99 ?? Number.NaN)} ms max ${round(result.eventLoop?.max ?? Number.NaN)} ms; heap ${round(result.heapUsedMb ?? Number.NaN)} MB`,
  );
  console.log(
    `   events to own stream p50 ${events.self.p50} / p95 ${events.self.p95} ms (${events.self.count}), to the other person p50 ${events.other.p50} / p95 ${events.other.p95} ms (${events.other.count}), lost ${events.lost}`,
  );
  console.log("   kind           count  errors     p50      p95      p99 (ms)");
  for (const [kind, k] of Object.entries(result.kinds)) {
    console.log(
      `   ${kind.padEnd(13)} ${String(k.count).padStart(6)} ${String(k.errors).padStart(7)} ${String(k.p50).padStart(8)} ${String(k.p95).padStart(8)} ${String(k.p99).padStart(8)}`,
    );
  }
  console.log(
    `   statements to PostgreSQL: ${result.statementsPerSecond}/s; per request: ${Object.entries(
      result.statementsPerRequest,
    )
      .map(([route, n]) => `${route} ${n}`)
      .join(", ")}`,
  );
  for (const sample of result.errorSamples) console.log(`   error: ${sample}`);
}

// ── The ramp ──────────────────────────────────────────────────────────────────────────────────

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-load-"));
  const port = Number(args.port ?? (await freePort()));
  const pgPort = Number(args["pg-port"] ?? (await freePort()));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // The bench is the members' proxy: each member speaks from an address of its own
    // (X-Forwarded-For, 198.18.0.0/15, the range set aside for benchmarks), as behind a balancer.
    TRUST_PROXY: "127.0.0.1",
    // A member's own limits are far above this mix; lifted so a burst of the random pauses is not refused.
    CHAT_MESSAGES_PER_MINUTE: "1000",
    ...extraEnv,
  };
  console.log(
    `load: steps ${steps.join(", ")}; ${stepSeconds} s each; mix per member per minute ${JSON.stringify(
      Object.fromEntries(Object.entries(MIX_PER_MINUTE).map(([k, v]) => [k, v * mixScale])),
    )}; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; reference work ${referenceWorkMs().toFixed(0)} ms (lower is faster)`,
  );
  const identities = await prepare(env);
  const jpegs = await Promise.all(
    [0, 1].map((i) =>
      sharp({
        create: { width: 560, height: 560, channels: 3, background: { r: 200 - i * 40, g: 150, b: 120 + i * 30 } },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg width="560" height="560"><circle cx="280" cy="240" r="${120 + i * 20}" fill="#f4e1d2"/></svg>`,
            ),
          },
        ])
        .jpeg({ quality: 92 })
        .toBuffer(),
    ),
  );
  const photos = photoUpload(jpegs);
  const server = await startServer(env, port);
  const serverPid = server.pid as number;
  const target = new Target("127.0.0.1", port);
  const monitor = new pg.Client({
    connectionString: `postgresql://sams_web:sams_web_local@127.0.0.1:${pgPort}/sams_web`,
  });
  await monitor.connect();
  let recorder = new StepRecorder();
  const members: Member[] = [];
  const byId = new Map<string, Member>();
  const results: StepResult[] = [];
  try {
    for (const size of steps) {
      // New members join over a few seconds, as people arrive, not in one instant.
      const joining = identities.slice(members.length, size).map((identity, index) => {
        const address = `198.18.${Math.floor((members.length + index) / 250)}.${((members.length + index) % 250) + 1}`;
        const member = new Member(
          target,
          identity,
          address,
          () => recorder,
          (id) => byId.get(id),
          photos,
          mixScale,
        );
        byId.set(identity.id, member);
        return member;
      });
      members.push(...joining);
      const joinSeconds = Math.max(2, Math.min(20, joining.length / 100));
      await Promise.all(
        joining.map(
          (member, index) =>
            new Promise<void>((resolve) =>
              setTimeout(() => member.join().then(resolve, resolve), (index / joining.length) * joinSeconds * 1000),
            ),
        ),
      );
      await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));

      // Measure.
      recorder = new StepRecorder();
      await probe(server, "probe:reset");
      const cpuBefore = cpuSample(serverPid);
      const machineBefore = machineCpuBusy();
      const activeBefore = await monitor.query<{ ms: number }>(
        "select coalesce(sum(active_time), 0)::float8 as ms from pg_stat_database where datname = 'sams_web'",
      );
      const backends: number[] = [];
      const memory = { server: 0, database: 0 };
      const measureUntil = Date.now() + stepSeconds * 1000;
      while (Date.now() < measureUntil) {
        await new Promise((r) => setTimeout(r, 1000));
        const active = await monitor.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = 'sams_web' and state = 'active' and pid <> pg_backend_pid()",
        );
        backends.push(active.rows[0]?.n ?? 0);
        memory.server = Math.max(memory.server, rssMb(serverPid));
        memory.database = Math.max(
          memory.database,
          descendants(serverPid).reduce((sum, pid) => sum + pssMb(pid), 0),
        );
      }
      const cpuAfter = cpuSample(serverPid);
      const machineAfter = machineCpuBusy();
      const activeAfter = await monitor.query<{ ms: number }>(
        "select coalesce(sum(active_time), 0)::float8 as ms from pg_stat_database where datname = 'sams_web'",
      );
      const report = await probe(server, "probe:report");
      const step = recorder;
      const seconds = (cpuAfter.at - cpuBefore.at) / 1000;
      const kinds: StepResult["kinds"] = {};
      let total = 0;
      let errors = 0;
      for (const kind of new Set<RequestKind>([...step.latencies.keys(), ...step.errors.keys()])) {
        const list = step.latencies.get(kind) ?? [];
        const failed = step.errors.get(kind) ?? 0;
        total += list.length + failed;
        errors += failed;
        if (kind !== "join") kinds[kind] = { ...summarise(list), errors: failed };
      }
      const result: StepResult = {
        members: size,
        seconds: round(seconds),
        requestsPerSecond: total / seconds,
        errors,
        errorSamples: step.errorSamples,
        kinds,
        events: {
          self: summarise(step.events.self),
          other: summarise(step.events.other),
          lost: step.lost,
        },
        cpu: {
          server: (cpuAfter.server - cpuBefore.server) / seconds,
          database: (cpuAfter.database - cpuBefore.database) / seconds,
          client: (cpuAfter.client - cpuBefore.client) / seconds,
          machine: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
          stolen: (machineAfter.stolen - machineBefore.stolen) / Math.max(1, machineAfter.total - machineBefore.total),
        },
        cpuMsPerRequest: {
          server: ((cpuAfter.server - cpuBefore.server) * 1000) / Math.max(1, total),
          database: ((cpuAfter.database - cpuBefore.database) * 1000) / Math.max(1, total),
        },
        memoryMb: { server: memory.server, database: memory.database },
        databaseActiveMs: (activeAfter.rows[0]?.ms ?? 0) - (activeBefore.rows[0]?.ms ?? 0),
        activeBackends: {
          mean: round(backends.reduce((a, b) => a + b, 0) / Math.max(1, backends.length)),
          max: Math.max(0, ...backends),
        },
        eventLoop: report?.eventLoop ?? null,
        heapUsedMb: report?.heapUsedMb ?? null,
        statementsPerRequest: Object.fromEntries(
          Object.entries(report?.statements ?? {})
            .filter(([, counts]) => counts.requests > 0)
            .map(([route, counts]) => [route, round(counts.statements / counts.requests, 2)]),
        ),
        statementsPerSecond: round(
          Object.values(report?.statements ?? {}).reduce((sum, counts) => sum + counts.statements, 0) / seconds,
        ),
      };
      results.push(result);
      printStep(result);
      const chatP95 = result.kinds.chat?.p95 ?? 0;
      if (chatP95 > 2000 || errors > 0.05 * Math.max(1, total)) {
        console.log(`\nstopping: past saturation at ${size} members (chat p95 ${chatP95} ms, ${errors} errors)`);
        break;
      }
    }
  } finally {
    for (const member of members) member.stop();
    target.agent.destroy();
    await monitor.end().catch(() => {});
    server.kill("SIGINT");
    await new Promise((r) => server.once("exit", r));
    if (!args["keep-data"]) await rm(dataDir, { recursive: true, force: true });
  }
  if (args.out) await writeFile(args.out, `${JSON.stringify({ steps, stepSeconds, mixScale, results }, null, 2)}\n`);
  const ceiling = results.filter((r) => (r.kinds.chat?.p95 ?? 0) <= 300 && r.errors === 0).at(-1);
  console.log(
    `\nlargest step with chat p95 ≤ 300 ms and no errors: ${ceiling ? `${ceiling.members} members` : "none"}`,
  );
}

await main();
