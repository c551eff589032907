import { eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { analyticsEvents, analyticsSalts } from "../../db/schema.ts";

export async function insertAnalyticsEvent(
  db: Database,
  event: { name: string; path: string; visitorHash: string },
): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

/**
 * The salt of `day`, created with `candidate` if no instance has created it yet (the first insert
 * wins, so every instance ends up with the same salt). Earlier days' salts are deleted.
 */
export async function claimDaySalt(db: Database, day: string, candidate: string): Promise<string> {
  await db.insert(analyticsSalts).values({ day, salt: candidate }).onConflictDoNothing();
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`the visitor salt of ${day} is missing`);
  return row.salt;
}
