import { eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { standingSearches } from "../../../db/schema.ts";

/** When Sam next searches for the person (their standing search, made if missing). */
export async function scheduleStandingSearch(db: Database, userId: string, nextAt: Date): Promise<void> {
  await db
    .insert(standingSearches)
    .values({ userId, nextAt })
    .onConflictDoUpdate({ target: standingSearches.userId, set: { nextAt } });
}

/** The person is no longer Still Looking: Sam stops until they turn it on again. */
export async function dropStandingSearch(db: Database, userId: string): Promise<void> {
  await db.delete(standingSearches).where(eq(standingSearches.userId, userId));
}

/**
 * Claims up to `limit` standing searches that are due, oldest first, and moves each `lease`
 * ahead, so the next sweep does not hand them out again while their job waits or runs (the job
 * sets the real next time; a job that was lost is handed out again once the lease is over).
 * Rows another sweep is claiming at the same moment are skipped, so two instances sweeping at
 * once never hand out the same person.
 */
export async function claimDueStandingSearches(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<string[]> {
  const due = db
    .select({ userId: standingSearches.userId })
    .from(standingSearches)
    .where(lte(standingSearches.nextAt, now))
    .orderBy(standingSearches.nextAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(standingSearches)
    .set({ nextAt: new Date(now.getTime() + leaseMs) })
    .where(sql`${standingSearches.userId} in ${due}`)
    .returning({ userId: standingSearches.userId });
  return claimed.map((row) => row.userId);
}
