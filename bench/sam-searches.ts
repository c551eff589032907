// What Sam's own searches cost a day: at 10,000 and 100,000 Still Looking members (the synthetic
// population of population.ts, all due at once, as on the first day), on one instance with the
// embedded database and the heuristic scorer. A sample of people is searched through the real
// standing search (StandingSearches.run: the decision, the claim, the preliminary match and the
// scoring, exactly as the job runs it); the figures are per search and, multiplied by the
// population, per day: wall time (one worker), database time, and scorer calls, which is what
// an operator multiplies by a model's price per call. The sweep that hands a minute's due people
// to the queue is timed too.
//   node --import tsx bench/sam-searches.ts [--sizes 10000,100000] [--sample 200]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createDatabase, runMigrations } from "../apps/server/src/db/client.ts";
import { extractiveNarrativeWriter } from "../apps/server/src/features/matching/narrative/narrative.ts";
import { heuristicScorer } from "../apps/server/src/features/matching/scoring/heuristic-scorer.ts";
import type { Scorer } from "../apps/server/src/features/matching/scoring/scorer.ts";
import { MatchingService } from "../apps/server/src/features/matching/service.ts";
import { StandingSearches } from "../apps/server/src/features/matching/standing/service.ts";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { ensureZipCodes } from "../apps/server/src/platform/db/zip-codes.ts";
import { createInProcessBus } from "../apps/server/src/platform/realtime/bus.ts";
import { freePort, percentile } from "./lib.ts";
import { growTo } from "./population.ts";

const { values } = parseArgs({
  options: { sizes: { type: "string", default: "10000,100000" }, sample: { type: "string", default: "200" } },
});
const SIZES = values.sizes.split(",").map(Number);
const SAMPLE = Number(values.sample);

const fmt = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`);
const hours = (ms: number) => `${(ms / 3_600_000).toFixed(2)} h`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-sam-"));
  const pg = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    database: "bench",
    persistent: false,
  });
  const { db, pool } = createDatabase(pg.url, 4, { connectMs: 30_000, statementMs: 60 * 60_000 });
  // Database time: every statement's round trip, summed (the searches run one after the other).
  let dbMs = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await query(...args);
    } finally {
      dbMs += performance.now() - started;
    }
  };
  try {
    await runMigrations(db);
    await ensureZipCodes(db);
    await db.execute(sql`set jit = off`);
    let have = 0;
    console.log(
      "members  | per search: wall p50   p95      db p50   scorer calls (mean) | a day, one worker: wall    db time   scorer calls | sweep of 1000 due",
    );
    for (const size of SIZES) {
      await growTo(db, have, size);
      have = size;
      // Everyone Still Looking has a standing search, all due now (the first day after release).
      await db.execute(sql`delete from standing_searches`);
      await db.execute(
        sql`insert into standing_searches (user_id, next_at) select user_id, now() - interval '1 minute' from profiles`,
      );
      await db.execute(sql`analyze standing_searches`);

      let calls = 0;
      const counting: Scorer = {
        name: "counting",
        judge: (a, b) => {
          calls += 1;
          return heuristicScorer.judge(a, b);
        },
      };
      const matching = new MatchingService({
        db,
        bus: createInProcessBus(),
        writer: extractiveNarrativeWriter,
        scorer: counting,
        topK: 20,
        scoringConcurrency: 4,
        mailer: { driver: "outbox", send: async () => {} },
        publicUrl: "http://localhost:3000",
        now: Date.now,
      });
      const handedOut: string[] = [];
      const standing = new StandingSearches({
        db,
        matching,
        enqueue: async (userId) => {
          handedOut.push(userId);
        },
        now: Date.now,
      });

      // The sweep: one minute's worth of due people handed to the queue.
      const sweepStarted = performance.now();
      await standing.sweep();
      const sweepMs = performance.now() - sweepStarted;

      const sample = handedOut
        .filter((_, i) => i % Math.max(1, Math.floor(handedOut.length / SAMPLE)) === 0)
        .slice(0, SAMPLE);
      const wall: number[] = [];
      const dbTimes: number[] = [];
      let totalCalls = 0;
      for (const userId of sample) {
        calls = 0;
        dbMs = 0;
        const started = performance.now();
        await standing.run(userId);
        wall.push(performance.now() - started);
        dbTimes.push(dbMs);
        totalCalls += calls;
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const callsPerSearch = totalCalls / sample.length;
      console.log(
        `${String(size).padEnd(8)} | ${fmt(percentile(wall, 50)).padEnd(9)} ${fmt(percentile(wall, 95)).padEnd(8)} ${fmt(percentile(dbTimes, 50)).padEnd(8)} ${callsPerSearch.toFixed(1).padStart(6)}              | ${hours(mean(wall) * size).padEnd(10)} ${hours(mean(dbTimes) * size).padEnd(9)} ${Math.round(
          callsPerSearch * size,
        )
          .toLocaleString("en-US")
          .padStart(12)} | ${fmt(sweepMs)}`,
      );
    }
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
