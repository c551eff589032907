import { describe, expect, it } from "vitest";
import { createTestApp } from "../../support/helpers.ts";

// Liveness and readiness, for balancers and orchestrators. The database going away is in
// test/platform/db/database-outage.test.ts, a real SIGTERM drain in
// test/platform/lifecycle/graceful-shutdown.test.ts.

const t = await createTestApp();

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("health probes", () => {
  it("are live and ready on a running instance with its migrations applied; /api/health is as before", async () => {
    const live = await get("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await get("/api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "up", migrations: "applied", draining: false });
    const health = await get("/api/health");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: "up" });
  });

  it("is not ready while the database lacks this code's newest migration, and ready again once it has it", async () => {
    const newest = await t.pool.query<{ id: number; hash: string; created_at: string }>(
      "select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    const row = newest.rows[0]!;
    await t.pool.query("delete from drizzle.__drizzle_migrations where id = $1", [row.id]);
    try {
      const ready = await get("/api/health/ready");
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBe("5");
      expect(ready.json()).toEqual({ status: "not-ready", database: "up", migrations: "pending", draining: false });
      expect((await get("/api/health/live")).statusCode).toBe(200);
    } finally {
      await t.pool.query("insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)", [
        row.id,
        row.hash,
        row.created_at,
      ]);
    }
    expect((await get("/api/health/ready")).statusCode).toBe(200);
  });

  it("is not ready once the instance is draining (what SIGTERM sets first), while it stays live", async () => {
    t.app.readiness.draining = true;
    try {
      const ready = await get("/api/health/ready");
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "not-ready", database: "unknown", migrations: "unknown", draining: true });
      expect((await get("/api/health/live")).statusCode).toBe(200);
      expect((await get("/api/health")).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });
});
