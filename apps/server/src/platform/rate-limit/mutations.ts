import { and, eq, getTableName, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimitHits } from "../../db/schema.ts";

/**
 * Counts one hit for `key` and returns the hits in its current window, in one statement: the
 * first hit (or the first after the window ended) starts a new window of `windowMs`, any other
 * adds one. The row lock of the upsert makes concurrent hits from any instance count exactly. It is
 * countHitsInOrder with one limit, so the rule is written once and the statement prepared once.
 */
export async function countHit(
  db: Database,
  input: { key: string; windowMs: number; now: Date },
): Promise<{ hits: number; resetsAt: Date }> {
  // A limit's max only gates the limit after it; with one limit it is never read.
  const [counted] = await countHitsInOrder(db, [{ key: input.key, windowMs: input.windowMs, max: 0 }], input.now);
  if (!counted) throw new Error("the rate limit upsert returned nothing");
  return counted;
}

/**
 * countHitsInOrder's statement for `count` limits: the upsert that counts one hit, once per limit, each
 * after the first reached only when the one before it is within its max. Parameters: $1 the time
 * now, then for each limit its key and the end of a new window, and (after the first) the max of
 * the limit before it. Written once per count and sent as a named statement, which PostgreSQL
 * prepares once per connection: every request runs it, and building it anew on each was most of
 * its cost in the server.
 */
const inOrderStatements = new Map<number, { name: string; text: string }>();
function inOrderStatement(count: number): { name: string; text: string } {
  let statement = inOrderStatements.get(count);
  if (statement) return statement;
  const table = `"${getTableName(rateLimitHits)}"`;
  const hits = `${table}."${rateLimitHits.hits.name}"`;
  const resetsAt = `${table}."${rateLimitHits.resetsAt.name}"`;
  const steps: string[] = [];
  const results: string[] = [];
  let parameter = 1;
  for (let index = 0; index < count; index++) {
    const key = `$${++parameter}::text`;
    const windowEnd = `$${++parameter}::timestamptz`;
    const rows =
      index === 0
        ? `values (${key}, 1, ${windowEnd})`
        : `select ${key}, 1, ${windowEnd} where (select hits from limit_${index - 1}) <= $${++parameter}::int`;
    steps.push(`limit_${index} as (insert into ${table} (key, hits, resets_at) ${rows}
      on conflict (key) do update set
        hits = case when ${resetsAt} <= $1::timestamptz then 1 else ${hits} + 1 end,
        resets_at = case when ${resetsAt} <= $1::timestamptz then excluded.resets_at else ${resetsAt} end
      returning hits, resets_at)`);
    results.push(`select ${index}::int as position, hits, resets_at from limit_${index}`);
  }
  statement = {
    name: `rate_limit_hits_in_order_${count}`,
    text: `with ${steps.join(", ")} ${results.join(" union all ")}`,
  };
  inOrderStatements.set(count, statement);
  return statement;
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
  const values: unknown[] = [now];
  for (const [index, limit] of limits.entries()) {
    values.push(limit.key, new Date(now.getTime() + limit.windowMs));
    if (index > 0) values.push(limits[index - 1]?.max);
  }
  const found = await db.$client.query<{ position: number; hits: number; resets_at: Date }>({
    ...inOrderStatement(limits.length),
    values,
  });
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
