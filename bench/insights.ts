// The moderators' insights (features/insights) at growing populations: the time to compute them
// uncached (every aggregate, as GET /api/admin/insights does once a minute), p50/p95, each query's
// share, and whether each reads an index. The population signed up over three years, so the
// insights' 90 days hold about 8% of it; a tenth of the people connected once, reports and
// decisions come from 1 in 200, and the daily tallies cover the whole period. The baseline is the
// same computation at the first size, in the same run: the ratio says how the cost grows with
// the population.
//   node --import tsx bench/insights.ts [--sizes 10000,100000,1000000] [--runs 20]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { createDatabase, type Database, runMigrations } from "../apps/server/src/db/client.ts";
import {
  connectionsPerDay,
  decisionsPerDay,
  outcomesPerScore,
  reportsPerDay,
  signUpsPerDay,
  talliesSince,
} from "../apps/server/src/features/insights/data.ts";
import { createInsightsService } from "../apps/server/src/features/insights/service.ts";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { ensureZipCodes } from "../apps/server/src/platform/db/zip-codes.ts";
import { TALLY_NAMES } from "../apps/server/src/platform/metrics/tallies.ts";
import { freePort, percentile } from "./lib.ts";
import { growTo } from "./population.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000,1000000" },
    runs: { type: "string", default: "20" },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const RUNS = Number(values.runs);
const YEARS_OF_SIGN_UPS = 3;

/**
 * Gives the people from `from` to `total` what three years of use leaves: sign-up days spread
 * evenly, a connection (both records) for one in ten pairs of neighbours, half of those asked
 * "Did you meet?", and a report with a decision for one person in 200.
 */
async function addHistory(db: Database, from: number, total: number): Promise<void> {
  const days = 365 * YEARS_OF_SIGN_UPS;
  await db.execute(sql`
    update users set created_at = now() - (random() * ${days} * interval '1 day')
    where id in (select 'b' || i from generate_series(${from}::int, ${total - 1}::int) i)`);
  await db.execute(sql`
    with pairs as (
      select 'b' || i as a, 'b' || (i + 1) as b, 40 + floor(random() * 60)::int as score,
             now() - (random() * ${days} * interval '1 day') as at
      from generate_series(${from}::int, ${total - 2}::int, 20) i)
    insert into matches (user_id, candidate_id, status, score, connected_at)
    select a, b, 'connected', score, at from pairs
    union all select b, a, 'connected', score, at from pairs`);
  await db.execute(sql`
    insert into match_outcomes (user_id, candidate_id, asked_at, outcome, answered_at)
    select user_id, candidate_id, connected_at + interval '14 days',
           (array['met', 'talked', 'didNotTalk'])[1 + floor(random() * 3)::int], connected_at + interval '15 days'
    from matches
    where user_id < candidate_id and user_id in (select 'b' || i from generate_series(${from}::int, ${total - 1}::int, 40) i)`);
  await db.execute(sql`
    with reported as (
      select 'b' || i as id, now() - (random() * ${days} * interval '1 day') as at
      from generate_series(${from}::int, ${total - 1}::int, 200) i)
    insert into reports (reporter_id, reported_id, reason, reporter_mailbox_key, created_at)
    select null, id, 'spam', md5(id), at from reported`);
  await db.execute(sql`
    insert into moderation_actions (moderator_id, subject_id, action, reason, created_at)
    select null, reported_id, 'dismiss', 'bench', created_at + interval '1 day'
    from reports where reported_id in (select 'b' || i from generate_series(${from}::int, ${total - 1}::int, 200) i)`);
  // The tallies grow with the days, not the people: one row per name and day, rewritten here.
  await db.execute(sql`
    insert into daily_tallies (day, name, count)
    select d::date, n, ${Math.ceil(total / 1000)}::bigint
    from generate_series((current_date - ${days}::int)::timestamp, current_date::timestamp, interval '1 day') d,
         unnest(string_to_array(${TALLY_NAMES.join(",")}, ',')) n
    on conflict (day, name) do update set count = excluded.count`);
  await db.execute(sql`vacuum analyze`);
}

/** Each aggregate's plan: true when it reads an index (or only the small tallies table). */
/**
 * Whether each part's own statements read through an index: the part runs once against a
 * database whose `execute` asks Postgres for the plan of the statement instead of its rows.
 */
async function usesIndexes(
  db: Database,
  parts: Record<string, (on: Database) => Promise<unknown>>,
): Promise<Record<string, boolean>> {
  const plans: Record<string, boolean> = {};
  for (const [name, part] of Object.entries(parts)) {
    let indexed = true;
    const explaining = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return async (query: SQL) => {
          const plan = await target.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
          indexed &&= plan.rows.some((row) => /Index/.test(row["QUERY PLAN"]));
          return { rows: [] };
        };
      },
    });
    await part(explaining);
    plans[name] = indexed;
  }
  return plans;
}

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-insights-"));
  const pg = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    database: "bench",
    persistent: false,
  });
  // Seeding a million people takes statements far longer than a request's deadline.
  const { db, pool } = createDatabase(pg.url, 8, { connectMs: 30_000, statementMs: 60 * 60_000 });
  try {
    await runMigrations(db);
    await ensureZipCodes(db);
    let have = 0;
    let baselineP95: number | null = null;
    console.log(
      "size       | insights p50  p95       | ratio p95 | slowest query p95        | all indexed | in 90 days: sign-ups, connections | seed",
    );
    for (const size of SIZES) {
      const seedStarted = performance.now();
      await growTo(db, have, size);
      await addHistory(db, have, size);
      have = size;
      const seedSeconds = (performance.now() - seedStarted) / 1000;

      const now = new Date();
      const from = new Date(now.getTime() - 90 * 86_400_000);
      const fromDay = from.toISOString().slice(0, 10);
      // A fresh service each time: its one-minute cache would otherwise answer every run after the first.
      const compute = () => createInsightsService({ db, flushTallies: async () => {}, now: () => now }).read();
      await compute();
      const whole: number[] = [];
      for (let run = 0; run < RUNS; run += 1) whole.push(await timed(compute));

      const parts: Record<string, (on: Database) => Promise<unknown>> = {
        signUps: (on) => signUpsPerDay(on, from),
        reports: (on) => reportsPerDay(on, from),
        decisions: (on) => decisionsPerDay(on, from),
        connections: (on) => connectionsPerDay(on, from),
        tallies: (on) => talliesSince(on, fromDay),
        outcomes: (on) => outcomesPerScore(on, from),
      };
      let slowest = { name: "", p95: 0 };
      for (const [name, part] of Object.entries(parts)) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) times.push(await timed(() => part(db)));
        const p95 = percentile(times, 95);
        if (p95 > slowest.p95) slowest = { name, p95 };
      }
      const plans = await usesIndexes(db, parts);
      const recent = await db.execute<{ sign_ups: number; connections: number }>(sql`
        select (select count(*) from users where created_at >= ${from})::int as sign_ups,
               (select count(*) from matches where connected_at >= ${from} and user_id < candidate_id)::int as connections`);
      const p95 = percentile(whole, 95);
      baselineP95 ??= p95;
      const indexed = Object.entries(plans)
        .filter(([, usesIndex]) => !usesIndex)
        .map(([name]) => name);
      console.log(
        `${String(size).padEnd(10)} | ${fmt(percentile(whole, 50)).padEnd(12)} ${fmt(p95).padEnd(9)} | ${(p95 / baselineP95).toFixed(2).padStart(8)}× | ${`${slowest.name} ${fmt(slowest.p95)}`.padEnd(24)} | ${indexed.length === 0 ? "yes" : `no: ${indexed.join(", ")}`.padEnd(11)} | ${recent.rows[0]?.sign_ups}, ${recent.rows[0]?.connections} | ${seedSeconds.toFixed(0)} s`,
      );
    }
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
