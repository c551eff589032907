import type pg from "pg";

/** True when the database answers a trivial query. */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  return pool.query("select 1").then(
    () => true,
    () => false,
  );
}

/**
 * Whether the database has this code's newest migration (`latestTime`, as drizzle records it):
 * "pending" while another instance is still migrating or the database is older than the code,
 * "down" when it does not answer.
 */
export async function migrationState(pool: pg.Pool, latestTime: number): Promise<"applied" | "pending" | "down"> {
  try {
    const result = await pool.query<{ applied: boolean }>(
      "select exists (select 1 from drizzle.__drizzle_migrations where created_at >= $1) as applied",
      [latestTime],
    );
    return result.rows[0]?.applied ? "applied" : "pending";
  } catch (error) {
    // No bookkeeping table yet: nothing was ever migrated.
    return (error as { code?: string }).code === "42P01" || (error as { code?: string }).code === "3F000"
      ? "pending"
      : "down";
  }
}
