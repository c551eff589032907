import { createDatabase, type DatabaseTimeouts, runMigrations } from "../../db/client.ts";
import type { DatabaseHandle } from "./database-plugin.ts";
import { ensureZipCodes } from "./zip-codes.ts";

/** Opens the pool, brings the schema up to date and loads the reference data the app needs. */
export async function openDatabase(
  connectionString: string,
  timeouts?: DatabaseTimeouts,
): Promise<DatabaseHandle & { close(): Promise<void> }> {
  const { db, pool } = createDatabase(connectionString, undefined, timeouts);
  try {
    await runMigrations(db);
    await ensureZipCodes(db);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, pool, close: () => pool.end() };
}
