import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../support/helpers.ts";
import { freePort } from "../../support/own-postgres.ts";

// The real server process, on an outside database (DATABASE_URL), stopped by SIGTERM as a
// deployment does: a request in flight still gets its answer, and the process exits 0.

const root = path.resolve(import.meta.dirname, "../../../../..");

const database = await createTestDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-shutdown-"));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServerProcess(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      BOTCHECK_MAX_NUMBER: "20",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, output: () => output };
}

async function signUpOver(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/botcheck/challenge`)).json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: new URL(base.replace("127.0.0.1", "localhost")).origin,
      "x-botcheck": Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString("base64"),
    },
    body: JSON.stringify({ email: "draining@example.com", password: "correct horse battery staple", name: "Dee" }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("SIGTERM", () => {
  it("lets a request in flight finish, refuses new ones, and exits 0", async () => {
    const { child, base, output } = await startServerProcess();
    const cookie = await signUpOver(base);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    // The request is held in the database until we let it go: a slow request, for real.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("lock table sessions in access exclusive mode");
    const inFlight = fetch(`${base}/api/me`, { headers: { cookie } });
    for (let waiting = 0; waiting === 0; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const locks = await blocker.query<{ n: number }>("select count(*)::int as n from pg_locks where not granted");
      waiting = locks.rows[0]?.n ?? 0;
    }

    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(child.exitCode, output()).toBeNull();
    const refused = await fetch(`${base}/api/health`).then(
      (response) => response.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(refused);

    await blocker.query("rollback");
    await blocker.end();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe("draining@example.com");
    expect(await exited, output()).toBe(0);
  }, 90_000);
});
