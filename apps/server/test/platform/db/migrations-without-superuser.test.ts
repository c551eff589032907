import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDatabase, runMigrations } from "../../../src/db/client.ts";
import { ensureZipCodes } from "../../../src/platform/db/zip-codes.ts";
import { createEmptyDatabase } from "../../support/helpers.ts";

// An operator gives the service a role that owns its database and nothing more: no superuser,
// so no untrusted extension (earthdistance) may be created.

const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
await admin.connect();
afterAll(async () => {
  await admin.end();
});

/** The search's chord for `miles` on a sphere of 6378168 meters (earthdistance's). */
const chord = (miles: number) => 2 * Math.sin(Math.min(Math.PI / 2, (miles * 1609.344) / (2 * 6378168)));

describe("a role that owns its database but is not a superuser", () => {
  it("migrates a fresh database and fills the ZIP table, with no extension created", async () => {
    const role = `svc_${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    await admin.query(`create role ${role} login password '${password}' nosuperuser nocreatedb nocreaterole`);
    const database = await createEmptyDatabase({ owner: role });
    const url = new URL(database.url);
    url.username = role;
    url.password = password;
    const { db, pool } = createDatabase(url.toString(), 2);
    try {
      await runMigrations(db);
      expect(await ensureZipCodes(db)).toBeGreaterThan(40_000);
      const extensions = await pool.query<{ extname: string }>("select extname from pg_extension order by extname");
      expect(extensions.rows.map((row) => row.extname)).toEqual(["plpgsql"]);
      const reach = await pool.query<{ c: number }>("select match_reach_chord(100) as c");
      expect(reach.rows[0]?.c).toBeCloseTo(chord(100), 12);
      const boxes = await pool.query("select * from match_search_boxes(40.75, -73.99, 25)");
      expect(boxes.rowCount).toBe(6);
    } finally {
      await pool.end();
      await database.drop();
      await admin.query(`drop role ${role}`);
    }
  }, 120_000);
});

/**
 * A database migrated up to (not including) `tag`, as it was when that migration was next: the
 * migrations folder copied with its journal cut before `tag`.
 */
async function migratedUpTo(tag: string) {
  const source = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../src/db/migrations");
  const folder = await mkdtemp(path.join(tmpdir(), "migrations-"));
  await cp(source, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  const database = await createEmptyDatabase();
  const { db, pool } = createDatabase(database.url, 2);
  await migrate(db, { migrationsFolder: folder });
  await rm(folder, { recursive: true, force: true });
  const drop = async () => {
    await pool.end();
    await database.drop();
  };
  return { db, pool, drop };
}

describe("a database migrated while the search used earthdistance", () => {
  it("loses the ll_to_earth index and the earth() calls, with the same geometry", async () => {
    const database = await migratedUpTo("0008_no-superuser-extensions");
    try {
      // The state migrations 0002 and 0005 left before: the extension, the index and earth() in
      // the geometry.
      await database.pool.query("create extension if not exists earthdistance cascade");
      await database.pool.query(
        `create index "zip_codes_earth_idx" on "zip_codes" using gist (ll_to_earth("latitude", "longitude"))`,
      );
      await database.pool.query(`create or replace function "match_reach_chord"(miles double precision)
        returns double precision language sql immutable parallel safe as $$
          select 2 * sin(least(pi() / 2, miles * 1609.344 / (2 * earth())))
        $$`);

      await runMigrations(database.db);

      const index = await database.pool.query("select 1 from pg_indexes where indexname = 'zip_codes_earth_idx'");
      expect(index.rowCount).toBe(0);
      const definitions = await database.pool.query<{ body: string }>(
        "select prosrc as body from pg_proc where proname in ('match_reach_chord', 'match_search_boxes', 'match_points_sync', 'preliminary_candidates')",
      );
      expect(definitions.rowCount).toBe(4);
      for (const { body } of definitions.rows) expect(body).not.toMatch(/earth/);
      const reach = await database.pool.query<{ c: number }>("select match_reach_chord(100) as c");
      expect(reach.rows[0]?.c).toBeCloseTo(chord(100), 12);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
