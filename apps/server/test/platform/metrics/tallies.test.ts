import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.ts";
import { createAuth } from "../../../src/features/accounts/auth.ts";
import { Tallies } from "../../../src/platform/metrics/tallies.ts";
import { createInProcessBus } from "../../../src/platform/realtime/bus.ts";
import { createTestApp, createTestDatabase } from "../../support/helpers.ts";

// The daily tallies behind the insights: counted in memory on the UTC day they happen, added to
// the shared table in one statement, kept for the next write when the database is away, and
// written when the server stops.

describe("tallies in memory", () => {
  it("count on the UTC day of each event, and a failed write gives its counts back", () => {
    let now = new Date("2026-11-20T23:59:59.500Z");
    const tallies = new Tallies(() => now);
    tallies.add("search_found");
    tallies.add("model_tokens_scorer", 120);
    now = new Date("2026-11-21T00:00:00.100Z");
    tallies.add("search_found");
    const taken = tallies.drain();
    expect(taken).toEqual([
      { day: "2026-11-20", name: "search_found", count: 1 },
      { day: "2026-11-20", name: "model_tokens_scorer", count: 120 },
      { day: "2026-11-21", name: "search_found", count: 1 },
    ]);
    expect(tallies.drain()).toEqual([]);
    tallies.add("search_found", 2);
    tallies.restore(taken);
    expect(tallies.drain()).toContainEqual({ day: "2026-11-21", name: "search_found", count: 3 });
  });
});

// Shared by two apps below; dropped after both are closed (hooks after a file run last-first).
const database = await createTestDatabase();
afterAll(() => database.drop());

describe("tallies in the database", () => {
  it("add up across instances and are written when an instance stops", async () => {
    const first = await createTestApp();
    const second = await createTestApp({}, undefined, undefined, { database });
    const read = async (db: typeof first.db) =>
      (await db.execute<{ count: string }>(sql`select count from daily_tallies where name = 'search_found'`)).rows.map(
        (row) => Number(row.count),
      );
    first.app.metrics.searchFinished("found", 1);
    await first.app.flushTallies();
    first.app.metrics.searchFinished("found", 1);
    await first.app.flushTallies();
    expect(await read(first.db)).toEqual([2]);

    // Two apps on one database, the second stopped before it wrote.
    const third = await buildApp({
      config: second.config,
      db: database.db,
      pool: database.pool,
      bus: createInProcessBus(),
      auth: createAuth({ config: second.config, db: database.db, secret: "test-secret-test-secret-test-secret-0123" }),
    });
    second.app.metrics.searchFinished("found", 1);
    third.metrics.searchFinished("found", 1);
    third.metrics.searchFinished("found", 1);
    await second.app.flushTallies();
    await third.close();
    expect(await read(database.db)).toEqual([3]);
  });
});
