import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startConnectionGate } from "../../support/connection-gate.ts";
import { createEmptyDatabase } from "../../support/helpers.ts";
import { freePort } from "../../support/own-postgres.ts";

// Instances started at the same instant on an empty database must all become healthy. The app's
// migrations take turns under an advisory lock; the job queues must too. Two real server
// processes start on one empty database, each through its own entrance of a gate that holds their
// job-queue connections (pg-boss's, application_name sams-web-jobs) until both have one waiting,
// then lets them reach PostgreSQL at the same moment, as two machines booting together would.

const ROUNDS = 2;
const root = path.resolve(import.meta.dirname, "../../../../..");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServerProcess(databaseUrl: string, dataDir: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
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
  return { child, output: () => output, base: `http://127.0.0.1:${port}` };
}

/** Healthy (200 from /api/health), or why not: the process exited, or did not answer in time. */
async function healthy(server: ReturnType<typeof startServerProcess>): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${server.base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return "healthy";
    if (server.child.exitCode !== null) return `exited with ${server.child.exitCode}:\n${server.output()}`;
    if (Date.now() > deadline) return `no answer after 120 s:\n${server.output()}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

describe("instances started together on an empty database", () => {
  it(`all become healthy, their job queues created at the same moment (${ROUNDS} rounds)`, async () => {
    const upstreamPort = Number(new URL(inject("postgresAdminUrl")).port);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const database = await createEmptyDatabase();
      const gate = await startConnectionGate({ upstreamPort, entrances: 2, hold: "sams-web-jobs" });
      const dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), "sams-web-test-together-"))));
      const servers = [];
      try {
        for (const [index, port] of gate.ports.entries()) {
          const url = new URL(database.url);
          url.port = String(port);
          servers.push(startServerProcess(url.toString(), dataDirs[index] as string, await freePort()));
        }
        const outcomes = await Promise.all(servers.map(healthy));
        expect(outcomes, `round ${round}`).toEqual(["healthy", "healthy"]);
        // The gate did its part: both processes' job connections were held and let go together.
        await gate.released;
        for (const server of servers) expect(server.output()).not.toContain("deadlock");
      } finally {
        await Promise.all(servers.map((server) => stop(server.child)));
        await gate.close();
        await database.drop();
        await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
      }
    }
  }, 600_000);
});
