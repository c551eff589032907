import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof createDatabase>["db"];

export function createDatabase(connectionString: string, poolSize = 10) {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its server must not take the process down with it.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool };
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: path.join(import.meta.dirname, "migrations") });
}
