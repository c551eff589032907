import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dailyTallies } from "../../db/schema.ts";
import type { TallyRow } from "./tallies.ts";

/** Adds the counts to the shared daily tallies, in one statement whatever their number. */
export async function addTallies(db: Database, rows: readonly TallyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(dailyTallies)
    .values(rows.map(({ day, name, count }) => ({ day, name, count })))
    .onConflictDoUpdate({
      target: [dailyTallies.day, dailyTallies.name],
      set: { count: sql`${dailyTallies.count} + excluded.count` },
    });
}
