import { describe, expect, it } from "vitest";
import { createDatabase, runMigrations } from "../../../src/db/client.ts";
import { ensureZipCodes } from "../../../src/platform/db/zip-codes.ts";
import { createEmptyDatabase } from "../../support/helpers.ts";

// Several instances started at once on one empty database: each migrates and fills the ZIP table
// at start, and none may fail because another is doing the same.
const ROUNDS = 5;
const INSTANCES = 4;

describe("starting several instances at once on an empty database", () => {
  it("every instance migrates and fills the ZIP table without error, and each migration is applied once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await createEmptyDatabase();
      // Roomy deadlines: this is about instances racing, not about a database slow to answer.
      const instances = Array.from({ length: INSTANCES }, () =>
        createDatabase(database.url, 3, { connectMs: 30_000, statementMs: 60_000 }),
      );
      try {
        const results = await Promise.allSettled(
          instances.map(async ({ db }) => {
            await runMigrations(db);
            return ensureZipCodes(db);
          }),
        );
        const failures = results.flatMap((result) =>
          result.status === "rejected" ? [String((result.reason as Error).message)] : [],
        );
        expect(failures, `round ${round + 1}`).toEqual([]);
        const pool = instances[0]?.pool;
        if (!pool) throw new Error("no instance");
        const applied = await pool.query<{ hash: string; n: number }>(
          "select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1",
        );
        expect(applied.rows).toEqual([]);
        const zips = await pool.query<{ n: number }>("select count(*)::int as n from zip_codes");
        expect(zips.rows[0]?.n).toBeGreaterThan(40_000);
      } finally {
        await Promise.all(instances.map(({ pool }) => pool.end()));
        await database.drop();
      }
    }
  }, 240_000);
});
