import type { ScoreOutcomeCounts } from "@sams-web/domain/matching/rules";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

// The insights' aggregates. Each reads an index range of its own table over the days covered (or
// the small daily tallies), never a whole table: their cost follows what happened in those days,
// not how many people there are (bench/insights.ts measures them at a million profiles).

export interface DayCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface TallyCount extends DayCount {
  name: string;
}

/**
 * Counts per UTC day of the instants `instants` selects (one timestamp column named `at`). Grouped
 * by date first and formatted once per day after: formatting each row before grouping took twice
 * as long at a million profiles (bench/insights.ts).
 */
const perDay = async (db: Database, instants: SQL): Promise<DayCount[]> =>
  (
    await db.execute<{ day: string; count: number }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, count
          from (select (at at time zone 'UTC')::date as day, count(*)::int as count from (${instants}) as instants group by 1) as per_day`,
    )
  ).rows.map((row) => ({ day: row.day, count: Number(row.count) }));

/** Accounts created per UTC day since `from` (an instant at the start of a UTC day). */
export function signUpsPerDay(db: Database, from: Date): Promise<DayCount[]> {
  return perDay(db, sql`select created_at as at from users where created_at >= ${from}`);
}

/** Reports sent per UTC day since `from`. */
export function reportsPerDay(db: Database, from: Date): Promise<DayCount[]> {
  return perDay(db, sql`select created_at as at from reports where created_at >= ${from}`);
}

/** Moderation decisions per UTC day since `from`. */
export function decisionsPerDay(db: Database, from: Date): Promise<DayCount[]> {
  return perDay(db, sql`select created_at as at from moderation_actions where created_at >= ${from}`);
}

/** Pairs connected per UTC day since `from` (each pair once, though each side has its record). */
export function connectionsPerDay(db: Database, from: Date): Promise<DayCount[]> {
  return perDay(
    db,
    sql`select connected_at as at from matches where connected_at >= ${from} and user_id < candidate_id`,
  );
}

/** The daily tallies (platform/metrics/tallies.ts) from the UTC day `fromDay` (YYYY-MM-DD) on. */
export async function talliesSince(db: Database, fromDay: string): Promise<TallyCount[]> {
  const result = await db.execute<{ day: string; name: string; count: string }>(
    sql`select to_char(day, 'YYYY-MM-DD') as day, name, count from daily_tallies where day >= ${fromDay}::date`,
  );
  return result.rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
}

/**
 * Pairs connected since `from`, per score: how many, how many Sam asked whether they met, how many
 * either person answered, and how many either said they met.
 */
export async function outcomesPerScore(db: Database, from: Date): Promise<ScoreOutcomeCounts[]> {
  const result = await db.execute<{ score: number; connections: number; asked: number; answered: number; met: number }>(
    sql`select m.score,
          count(*)::int as connections,
          count(*) filter (where mine.asked_at is not null or theirs.asked_at is not null)::int as asked,
          count(*) filter (where mine.outcome is not null or theirs.outcome is not null)::int as answered,
          count(*) filter (where mine.outcome = 'met' or theirs.outcome = 'met')::int as met
        from matches m
        left join match_outcomes mine on mine.user_id = m.user_id and mine.candidate_id = m.candidate_id
        left join match_outcomes theirs on theirs.user_id = m.candidate_id and theirs.candidate_id = m.user_id
        where m.connected_at >= ${from} and m.user_id < m.candidate_id
        group by m.score`,
  );
  return result.rows.map((row) => ({
    score: Number(row.score),
    connections: Number(row.connections),
    asked: Number(row.asked),
    answered: Number(row.answered),
    met: Number(row.met),
  }));
}
