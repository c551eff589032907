import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
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

/** The upsert countHit makes, for one key, as a statement part (`rows` is the VALUES or SELECT giving its row). */
function countHitUpsert(rows: SQL, now: Date): SQL {
  const expired = sql`${rateLimitHits.resetsAt} <= ${now}`;
  return sql`insert into ${rateLimitHits} (key, hits, resets_at) ${rows}
    on conflict (key) do update set
      hits = case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end,
      resets_at = case when ${expired} then excluded.resets_at else ${rateLimitHits.resetsAt} end
    returning hits, resets_at`;
}

/**
 * Counts hits for several limits of one request in one statement, in order, exactly as countHit
 * called on each in turn until one is over its max: a limit is counted only when the one before it
 * was counted and is within its max, so a request refused by an earlier limit does not use up a
 * later one. Returns the hits of each limit counted, and null for those not reached. The keys must
 * differ (a row may change only once in a statement).
 */
export async function countHitsInOrder(
  db: Database,
  limits: readonly { key: string; windowMs: number; max: number }[],
  now: Date,
): Promise<({ hits: number; resetsAt: Date } | null)[]> {
  if (new Set(limits.map((limit) => limit.key)).size !== limits.length) throw new Error("the keys must differ");
  if (limits.length === 0) return [];
  const resetsAt = (windowMs: number) => new Date(now.getTime() + windowMs);
  const steps = limits.map((limit, index) => {
    const previous = limits[index - 1];
    const rows =
      index === 0 || !previous
        ? sql`values (${limit.key}, 1, ${resetsAt(limit.windowMs)})`
        : sql`select ${limit.key}, 1, ${resetsAt(limit.windowMs)}::timestamptz
              where (select hits from ${sql.raw(`limit_${index - 1}`)}) <= ${previous.max}`;
    return sql`${sql.raw(`limit_${index}`)} as (${countHitUpsert(rows, now)})`;
  });
  const results = limits.map(
    (_, index) => sql`select ${index}::int as position, hits, resets_at from ${sql.raw(`limit_${index}`)}`,
  );
  const found = await db.execute<{ position: number; hits: number; resets_at: string | Date }>(
    sql`with ${sql.join(steps, sql`, `)} ${sql.join(results, sql` union all `)}`,
  );
  const counted: ({ hits: number; resetsAt: Date } | null)[] = limits.map(() => null);
  for (const row of found.rows) counted[row.position] = { hits: row.hits, resetsAt: new Date(row.resets_at) };
  return counted;
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
