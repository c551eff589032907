// Preliminary-match latency (p50/p95) at growing numbers of seeded profiles, at radius 25 and
// 500 miles, next to a baseline measured in the same run on the same data: the plain method, a
// GiST index on every person's own earth point with the same mutual filters. Then scorer calls
// per search against the pool size, and a whole search's time with the heuristic scorer.
//   node --import tsx matching-prelim.ts [--sizes 10000,100000,1000000] [--queries 40]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  LONG_DISTANCE_MILES,
  NO_LONG_DISTANCE_BIT,
  RELOCATE_BIT,
  refusedBits,
} from "@sams-web/domain/non-negotiables/rules";
import { sql } from "drizzle-orm";
import { createDatabase, type Database, runMigrations } from "../apps/server/src/db/client.ts";
import { findPreliminaryCandidates } from "../apps/server/src/features/matching/data.ts";
import { extractiveNarrativeWriter } from "../apps/server/src/features/matching/narrative/narrative.ts";
import { heuristicScorer } from "../apps/server/src/features/matching/scoring/heuristic-scorer.ts";
import type { Scorer } from "../apps/server/src/features/matching/scoring/scorer.ts";
import { MatchingService } from "../apps/server/src/features/matching/service.ts";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { ensureZipCodes } from "../apps/server/src/platform/db/zip-codes.ts";
import { createInProcessBus } from "../apps/server/src/platform/realtime/bus.ts";
import { freePort, percentile } from "./lib.ts";
import { growTo } from "./population.ts";

const { values } = parseArgs({
  options: { sizes: { type: "string", default: "10000,100000,1000000" }, queries: { type: "string", default: "40" } },
});
const SIZES = values.sizes.split(",").map(Number);
const METERS_PER_MILE = 1609.344;
/** Timed passes of our query over the searchers (it is fast; the baseline gets one pass). */
const OUR_PASSES = 3;
const QUERIES = Number(values.queries);

/**
 * Gives the people from `from` to `total` non-negotiables, as people answer the quick questions.
 */
async function seedNonNegotiables(db: Database, from: number, total: number): Promise<void> {
  // Seven in ten answer (one answer each to smoking, drinking, wanting children and the
  // long-distance question), one in four of them with limits (no smoking, no heavy drinking, must
  // want children); their trigger copies the bits into match_points, as in production. Then, as
  // autovacuum would, the visibility map lets the preliminary match read match_points' index only.
  await db.execute(sql`
    with people as (
      select i, random() as answers, random() as limits, floor(random() * 3)::int as smoking,
             floor(random() * 3)::int as drinking, floor(random() * 3)::int as children, random() as distance
      from generate_series(${from}::int, ${total - 1}::int) i)
    insert into non_negotiables (user_id, facts, fact_bits, refused_bits)
    select 'b' || i, '{}'::jsonb,
           (1::bigint << smoking) | (1::bigint << (3 + drinking)) | (1::bigint << (11 + children))
             | case when distance < 0.1 then ${NO_LONG_DISTANCE_BIT}::bigint else 0 end
             | case when distance > 0.95 then ${RELOCATE_BIT}::bigint else 0 end,
           case when limits < 0.25 then ${refusedBits({ limits: ["smokingAny", "drinkingHeavy", "noChildrenWanted"] })}::bigint
                else 0 end
    from people where answers < 0.7`);
  await db.execute(sql`vacuum analyze`);
}

/** The baseline: every person's own point on the earth, GiST-indexed, with the mutual filters. */
async function buildBaseline(db: Database): Promise<void> {
  // The service needs no extension; the baseline uses earthdistance (the bench runs as superuser).
  await db.execute(sql`create extension if not exists earthdistance cascade`);
  await db.execute(sql`drop table if exists bench_points`);
  await db.execute(sql`
    create table bench_points as
    select p.user_id, ll_to_earth(z.latitude, z.longitude) as point
    from profiles p join zip_codes z on z.zip = p.zip_code`);
  await db.execute(sql`create index bench_points_gist on bench_points using gist (point)`);
  await db.execute(sql`alter table bench_points add primary key (user_id)`);
  await db.execute(sql`analyze bench_points`);
}

async function baselineQuery(db: Database, userId: string): Promise<number> {
  const result = await db.execute(sql`
    with me as (
      select p.user_id, p.gender, p.seeking_gender, p.age, p.search_radius * ${METERS_PER_MILE}::float8 as radius_m,
             p.age + p.age_range_min as min_age, p.age + p.age_range_max as max_age, b.point,
             coalesce(n.fact_bits, 0) as fact_bits, coalesce(n.refused_bits, 0) as refused_bits
      from profiles p join bench_points b on b.user_id = p.user_id
      left join non_negotiables n on n.user_id = p.user_id where p.user_id = ${userId})
    select c.user_id
    from me, bench_points b join profiles c on c.user_id = b.user_id
    left join non_negotiables nc on nc.user_id = c.user_id
    where earth_box(me.point, me.radius_m) @> b.point
      and earth_distance(me.point, b.point) <= me.radius_m
      and earth_distance(me.point, b.point) <= c.search_radius * ${METERS_PER_MILE}::float8
      and c.status = 'active' and c.verified and c.chat_complete and c.pictures_uploaded and c.user_id <> me.user_id
      and (me.seeking_gender = '' or c.gender = me.seeking_gender)
      and (c.seeking_gender = '' or me.gender = c.seeking_gender)
      and c.age between me.min_age and me.max_age
      and me.age between c.age + c.age_range_min and c.age + c.age_range_max
      and not exists (select 1 from matches m where m.user_id = me.user_id and m.candidate_id = c.user_id)
      and not exists (select 1 from matches m where m.user_id = c.user_id and m.candidate_id = me.user_id)
      -- Non-negotiables, both ways, and the long-distance rule (packages/domain non-negotiables).
      and (coalesce(nc.fact_bits, 0) & me.refused_bits) = 0 and (coalesce(nc.refused_bits, 0) & me.fact_bits) = 0
      and not ((me.fact_bits | coalesce(nc.fact_bits, 0)) & ${NO_LONG_DISTANCE_BIT}::bigint <> 0
               and (me.fact_bits | coalesce(nc.fact_bits, 0)) & ${RELOCATE_BIT}::bigint = 0
               and earth_distance(me.point, b.point) > ${LONG_DISTANCE_MILES * METERS_PER_MILE}::float8)`);
  return result.rows.length;
}

async function time(fn: () => Promise<number>): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const rows = await fn();
  return { ms: performance.now() - started, rows };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-match-"));
  const pg = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    database: "bench",
    persistent: false,
  });
  // Seeding a million people takes statements far longer than a request's deadline.
  const { db, pool } = createDatabase(pg.url, 4, { connectMs: 30_000, statementMs: 60 * 60_000 });
  try {
    await runMigrations(db);
    await ensureZipCodes(db);
    await db.execute(sql`set jit = off`);
    let have = 0;
    console.log("size       radius | ours p50   p95       | plain p50  p95       | ratio p95 | mean pool | seed time");
    for (const size of SIZES) {
      const seedStarted = performance.now();
      await growTo(db, have, size);
      await seedNonNegotiables(db, have, size);
      have = size;
      await buildBaseline(db);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      // Searchers: people in metro ZIPs (where the pool is dense), the same ones for both methods.
      const searchers = (
        await db.execute<{ user_id: string }>(
          sql`select user_id from profiles where gender <> '' and seeking_gender <> '' order by md5(user_id) limit ${QUERIES}`,
        )
      ).rows.map((r) => r.user_id);
      for (const radius of [25, 500]) {
        await db.execute(sql`update profiles set search_radius = ${radius} where user_id in ${searchers}`);
        // Each method is timed in a block of its own, after a warm-up pass: interleaved, every
        // baseline query (seconds at 1M) would evict the other's index pages and time its cold
        // start instead of the steady state a running service sees.
        const found = new Map<string, number>();
        for (const id of searchers) found.set(id, (await findPreliminaryCandidates(db, id)).length);
        const ours: number[] = [];
        for (let pass = 0; pass < OUR_PASSES; pass += 1) {
          for (const id of searchers)
            ours.push((await time(async () => (await findPreliminaryCandidates(db, id)).length)).ms);
        }
        await baselineQuery(db, searchers[0] as string);
        const plain: number[] = [];
        for (const id of searchers) {
          const b = await time(() => baselineQuery(db, id));
          if (b.rows !== found.get(id)) throw new Error(`methods disagree for ${id}: ${found.get(id)} vs ${b.rows}`);
          plain.push(b.ms);
        }
        const pool = [...found.values()].reduce((sum, n) => sum + n, 0);
        console.log(
          `${String(size).padEnd(10)} ${String(radius).padStart(6)} | ${fmt(percentile(ours, 50)).padEnd(9)} ${fmt(percentile(ours, 95)).padEnd(9)} | ${fmt(percentile(plain, 50)).padEnd(9)}  ${fmt(percentile(plain, 95)).padEnd(9)} | ${(percentile(ours, 95) / percentile(plain, 95)).toFixed(2).padStart(8)}× | ${(pool / searchers.length).toFixed(0).padStart(9)} | ${seedSeconds.toFixed(0)} s`,
        );
      }
      await db.execute(sql`update profiles set search_radius = 25 where user_id in ${searchers}`);

      // Once per run (a person's search runs once): at 100k, or at the largest size without 100k.
      if (size === 100_000 || (size === SIZES[SIZES.length - 1] && !SIZES.includes(100_000))) {
        // A whole search (prelim + retrieve + score top k both ways + write) with the heuristic scorer.
        let calls = 0;
        const counting: Scorer = {
          name: "counting",
          judge: (a, b, facts) => {
            calls += 1;
            return heuristicScorer.judge(a, b, facts);
          },
        };
        const service = new MatchingService({
          db,
          bus: createInProcessBus(),
          writer: extractiveNarrativeWriter,
          scorer: counting,
          topK: 20,
          scoringConcurrency: 4,
          // A whole search sends no mail (introductions follow mutual confirmation only).
          mailer: { driver: "outbox", send: async () => {} },
          publicUrl: "http://localhost:3000",
          now: Date.now,
        });
        const whole: number[] = [];
        const pools: number[] = [];
        let maxCalls = 0;
        for (const id of searchers.slice(0, 10)) {
          await db.execute(sql`update profiles set search_radius = 100 where user_id = ${id}`);
          calls = 0;
          const started = performance.now();
          const prelim = await service.preliminaryMatch(id);
          await service.scoreCandidates(id);
          whole.push(performance.now() - started);
          pools.push(prelim.candidates);
          maxCalls = Math.max(maxCalls, calls);
        }
        console.log(
          `whole search at ${size} (radius 100, k=20, heuristic): p50 ${fmt(percentile(whole, 50))}, p95 ${fmt(percentile(whole, 95))}; pools ${Math.min(...pools)}-${Math.max(...pools)} candidates; scorer calls per search ≤ ${maxCalls} (2k = 40)`,
        );
      }
    }
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
