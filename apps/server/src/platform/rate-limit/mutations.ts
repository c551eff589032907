import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimitHits } from "../../db/schema.ts";

/**
 * Counts one hit for `key` and returns the hits in its current window, in one statement: the
 * first hit (or the first after the window ended) starts a new window of `windowMs`, any other
 * adds one. The row lock of the upsert makes concurrent hits from any instance count exactly.
 */
export async function countHit(
  db: Database,
  input: { key: string; windowMs: number; now: Date },
): Promise<{ hits: number; resetsAt: Date }> {
  const resetsAt = new Date(input.now.getTime() + input.windowMs);
  const expired = sql`${rateLimitHits.resetsAt} <= ${input.now}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: input.key, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitHits.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, resetsAt: rateLimitHits.resetsAt });
  if (!row) throw new Error("the rate limit upsert returned nothing");
  return row;
}

/** Removes the keys whose window ended before `before`; returns how many. */
export async function sweepEndedWindows(db: Database, before: Date): Promise<number> {
  const result = await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, before));
  return result.rowCount ?? 0;
}

/** The hits counted for `key` in its current window, without counting one. */
export async function readHits(db: Database, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetsAt, now)));
  return row?.hits ?? 0;
}
