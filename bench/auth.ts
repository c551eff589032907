// Accounts under load: sign-ups/s and log-ins/s against the raw cost of the password hash
// (scrypt N=16384 r=16 p=1, measured in the same run), and the p95 latency of an authenticated
// GET /api/me next to GET /api/health at 50 concurrent connections.
// The proof of work is set to its minimum (BOTCHECK_MAX_NUMBER=1) so the figures show the server.
import { spawn } from "node:child_process";
import { randomBytes, scrypt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import { freePort, percentile } from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");
const PARALLEL = Math.max(2, os.availableParallelism());

function hashOnce(password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      randomBytes(16).toString("hex"),
      64,
      { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

async function runConcurrently(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent,
        headers: {
          origin: `http://localhost:${port}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function botcheck(port: number): Promise<string> {
  const challenge = JSON.parse((await request(port, "GET", "/api/botcheck/challenge")).text);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString("base64");
}

async function latencies(port: number, url: string, headers: Record<string, string>, total: number): Promise<number[]> {
  const times: number[] = [];
  await runConcurrently(total, 50, async () => {
    const started = performance.now();
    const response = await request(port, "GET", url, headers);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  });
  return times;
}

export async function measureAuth() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-auth-"));
  const port = await freePort();
  const child = spawn("node", ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: "error",
      BOTCHECK_MAX_NUMBER: "1",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
    },
    stdio: "ignore",
  });
  try {
    for (let i = 0; ; i++) {
      const ok = await request(port, "GET", "/api/health").then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 3600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 50));
    }

    // Baseline: the hash alone, as many in parallel as the sign-ups get.
    const HASHES = 40;
    const hashSeconds = await runConcurrently(HASHES, PARALLEL, () => hashOnce("violet-harbor-42-lantern"));
    const oneHashStarted = performance.now();
    await hashOnce("violet-harbor-42-lantern");
    const oneHashMs = performance.now() - oneHashStarted;

    const SIGNUPS = 40;
    const users: { email: string; cookie: string }[] = [];
    const signupSeconds = await runConcurrently(SIGNUPS, PARALLEL, async (i) => {
      const email = `bench-${i}-${randomBytes(3).toString("hex")}@example.com`;
      const response = await request(
        port,
        "POST",
        "/api/auth/sign-up/email",
        { "x-botcheck": await botcheck(port) },
        {
          email,
          password: "violet-harbor-42-lantern",
          name: `Bench ${i}`,
        },
      );
      if (response.status !== 200) throw new Error(`sign-up answered ${response.status} ${response.text}`);
      const cookie = [response.headers["set-cookie"] ?? []]
        .flat()
        .map((c) => c.split(";")[0])
        .join("; ");
      users.push({ email, cookie });
    });

    const LOGINS = 40;
    const loginSeconds = await runConcurrently(LOGINS, PARALLEL, async (i) => {
      const user = users[i % users.length]!;
      const response = await request(
        port,
        "POST",
        "/api/auth/sign-in/email",
        { "x-botcheck": await botcheck(port) },
        {
          email: user.email,
          password: "violet-harbor-42-lantern",
        },
      );
      if (response.status !== 200) throw new Error(`log-in answered ${response.status}`);
    });

    const REQUESTS = 3000;
    const cookie = users[0]!.cookie;
    await latencies(port, "/api/health", {}, 200); // warm-up
    await latencies(port, "/api/me", { cookie }, 200);
    const health = await latencies(port, "/api/health", {}, REQUESTS);
    const me = await latencies(port, "/api/me", { cookie }, REQUESTS);

    return {
      parallel: PARALLEL,
      oneHashMs,
      hashesPerSecond: HASHES / hashSeconds,
      signupsPerSecond: SIGNUPS / signupSeconds,
      loginsPerSecond: LOGINS / loginSeconds,
      healthP95: percentile(health, 95),
      meP95: percentile(me, 95),
    };
  } finally {
    agent.destroy();
    child.kill("SIGINT");
    await new Promise((r) => child.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("auth.ts")) {
  const r = await measureAuth();
  console.log(
    `password hash (scrypt N=16384 r=16 p=1): one hash ${r.oneHashMs.toFixed(1)} ms; ${r.hashesPerSecond.toFixed(1)} hashes/s with ${r.parallel} in parallel (baseline)`,
  );
  console.log(
    `sign-ups: ${r.signupsPerSecond.toFixed(1)}/s = ${(r.signupsPerSecond / r.hashesPerSecond).toFixed(2)}× the raw hash rate`,
  );
  console.log(
    `log-ins: ${r.loginsPerSecond.toFixed(1)}/s = ${(r.loginsPerSecond / r.hashesPerSecond).toFixed(2)}× the raw hash rate`,
  );
  console.log(
    `p95 at 50 connections: GET /api/health ${r.healthP95.toFixed(1)} ms (baseline), authenticated GET /api/me ${r.meP95.toFixed(1)} ms = ${(r.meP95 / r.healthP95).toFixed(1)}× baseline`,
  );
}
