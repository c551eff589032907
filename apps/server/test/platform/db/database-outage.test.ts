import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.ts";
import { loadConfig } from "../../../src/config.ts";
import { createDatabase, runMigrations } from "../../../src/db/client.ts";
import { createAuth } from "../../../src/features/accounts/auth.ts";
import { createInProcessBus, createPostgresBus } from "../../../src/platform/realtime/bus.ts";
import { signUp } from "../../support/helpers.ts";
import { type OwnPostgres, startOwnPostgres } from "../../support/own-postgres.ts";

// What people see while the database is away: the API answers 503 with Retry-After (as the
// health check does), never a 500, and works again once the database is back; live updates
// resume by themselves after it returns.

const STATEMENT_TIMEOUT_MS = 1500;

let postgres: OwnPostgres;
let app: FastifyInstance;
let database: ReturnType<typeof createDatabase>;
let dataDir: string;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    BOTCHECK_MAX_NUMBER: "20",
  });
  database = createDatabase(postgres.url, 5, { connectMs: 1000, statementMs: STATEMENT_TIMEOUT_MS });
  await runMigrations(database.db);
  const auth = createAuth({ config, db: database.db, secret: "test-secret-test-secret-test-secret-0123" });
  app = await buildApp({ config, db: database.db, pool: database.pool, bus: createInProcessBus(), auth });
});

afterAll(async () => {
  await app?.close();
  await database?.pool.end();
  await postgres?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe("while the database is unreachable", () => {
  it("an authenticated API call answers 503 UNAVAILABLE with Retry-After, then 200 once it is back", async () => {
    const { cookie } = await signUp(app);
    const me = () => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect((await me()).statusCode).toBe(200);

    await postgres.stop();
    try {
      for (const response of [await me(), await me()]) {
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe("5");
        expect(response.json()).toEqual({
          error: {
            status: "UNAVAILABLE",
            code: "serverError",
            message: "Something went wrong on our side. Please try again.",
          },
        });
      }
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.headers["retry-after"]).toBe("5");
      // Not ready (a balancer stops sending), yet live (nothing to restart: the process is fine).
      const ready = await app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBe("5");
      expect(ready.json()).toMatchObject({ status: "not-ready", database: "down", draining: false });
      expect((await app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await postgres.start();
    }
    expect((await me()).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
  }, 60_000);

  it("a database that does not answer fails the call with 503 within the statement timeout", async () => {
    const { cookie } = await signUp(app);
    const blocker = new pg.Client({ connectionString: postgres.url });
    await blocker.connect();
    try {
      // Every session lookup now waits, as on a frozen server.
      await blocker.query("begin");
      await blocker.query("lock table sessions in access exclusive mode");
      const started = performance.now();
      const response = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      const waited = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + 3000);
    } finally {
      await blocker.query("rollback").catch(() => {});
      await blocker.end();
    }
  }, 60_000);
});

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("live updates across a database outage", () => {
  it("after 10 s without the database, the listener is back: a resync, then another instance's events arrive", async () => {
    const sender = await createPostgresBus(postgres.url);
    const receiver = await createPostgresBus(postgres.url);
    try {
      const received: RealtimeEvent[] = [];
      receiver.subscribe("user-1", (event) => received.push(event));
      await sender.publish("user-1", { topic: "profile" });
      await until(() => received.some((event) => event.topic === "profile"), 5_000, "the first event");

      await postgres.stop();
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await postgres.start();

      await until(() => received.some((event) => event.topic === "resync"), 20_000, "the resync event");
      await sender.publish("user-1", { topic: "matches", detail: "after the outage" });
      await until(() => received.some((event) => event.topic === "matches"), 5_000, "an event after the outage");
      expect(received).toEqual([
        { topic: "profile" },
        { topic: "resync" },
        { topic: "matches", detail: "after the outage" },
      ]);
    } finally {
      await sender.close();
      await receiver.close();
    }
  }, 90_000);
});
