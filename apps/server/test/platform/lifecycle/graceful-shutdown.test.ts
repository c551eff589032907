import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../support/helpers.ts";
import { startServerProcess } from "../../support/server-process.ts";

// The real server process, on an outside database (DATABASE_URL), stopped by SIGTERM as a
// deployment does: a request in flight still gets its answer, and the process exits 0.

const database = await createTestDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-shutdown-"));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string> = {}) {
  const server = await startServerProcess({ databaseUrl: database.url, dataDir, env });
  children.push(server.child);
  return server;
}

async function signUpOver(base: string, email = "draining@example.com"): Promise<string> {
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
    body: JSON.stringify({ email, password: "correct horse battery staple", name: "Dee" }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("SIGTERM", () => {
  it("lets a request in flight finish, refuses new ones, and exits 0", async () => {
    const { child, base, output } = await startServer();
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
    for (const probe of ["/api/health", "/api/health/ready"]) {
      const refused = await fetch(`${base}${probe}`).then(
        (response) => response.status,
        () => "refused",
      );
      expect([503, "refused"]).toContain(refused);
    }

    await blocker.query("rollback");
    await blocker.end();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe("draining@example.com");
    expect(await exited, output()).toBe(0);
  }, 90_000);

  it("with SHUTDOWN_DELAY_MS, says at once that it is not ready and goes on serving meanwhile", async () => {
    // A delay far longer than the test: it checks what happens during it, then stops the process.
    const { child, base, output } = await startServer({ SHUTDOWN_DELAY_MS: "60000" });
    const cookie = await signUpOver(base, "delayed@example.com");
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    child.kill("SIGTERM");
    let ready = 200;
    while (ready === 200) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = (await fetch(`${base}/api/health/ready`)).status;
    }
    expect(ready, output()).toBe(503);
    const body = await (await fetch(`${base}/api/health/ready`)).json();
    expect(body).toEqual({ status: "not-ready", database: "unknown", migrations: "unknown", draining: true });
    // New connections are still taken and answered: the balancer has time to stop sending.
    expect((await fetch(`${base}/api/health/live`, { headers: { connection: "close" } })).status).toBe(200);
    const me = await fetch(`${base}/api/me`, { headers: { cookie, connection: "close" } });
    expect(me.status).toBe(200);
    expect(child.exitCode).toBeNull();

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // A second signal while stopping exits at once.
    child.kill("SIGTERM");
    expect(await exited).toBe(1);
  }, 90_000);
});
