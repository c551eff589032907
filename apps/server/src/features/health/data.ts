import type pg from "pg";

/** True when the database answers a trivial query. */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  return pool.query("select 1").then(
    () => true,
    () => false,
  );
}
