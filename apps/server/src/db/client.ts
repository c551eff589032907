import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { withMigrationLock } from "./migration-lock.ts";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof createDatabase>["db"];

/** How long the service waits on its database before a request fails (503) instead of hanging. */
export interface DatabaseTimeouts {
  /** To open a connection, or to get one from a busy pool. */
  connectMs: number;
  /**
   * One statement. The server cancels it after this (statement_timeout); the client gives up a
   * little later on its own (query_timeout), for a server that does not answer at all.
   */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 10_000 };

/** The client's own deadline allows the server's cancellation time to arrive first. */
const CLIENT_DEADLINE_MARGIN_MS = 2_000;

export function createDatabase(
  connectionString: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
) {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + CLIENT_DEADLINE_MARGIN_MS,
  });
  // An idle client that loses its server must not take the process down with it.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool };
}

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, "migrations");

/**
 * The time of this code's newest migration, as drizzle's migrator records it in
 * drizzle.__drizzle_migrations (created_at) once applied.
 */
export const LATEST_MIGRATION_TIME: number = (() => {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
})();

/**
 * Applies the pending migrations. Instances that start together take turns (an advisory lock):
 * the migrator's own bookkeeping is not safe to run twice at once.
 */
export async function runMigrations(db: Database): Promise<void> {
  await withMigrationLock(db.$client, async (client) => {
    await migrate(drizzle(client, { schema, casing: "snake_case" }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  });
}
