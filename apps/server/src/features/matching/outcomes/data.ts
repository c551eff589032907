import type { ConnectionOutcome, MatchOutcome } from "@sams-web/domain/matching/rules";
import { and, asc, eq, gt, lt, lte, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.ts";
import { matches, matchOutcomes, profiles } from "../../../db/schema.ts";

// Reads about what happened after a connection: whom Sam asks, what they answered.

/** One person to ask about one connection: who they are, and the other's name. */
export interface DueOutcomeAsk {
  userId: string;
  candidateId: string;
  name: string;
  email: string;
  otherName: string;
}

/**
 * People whose connection was made at or before `connectedBefore` and whom Sam has not asked
 * about it yet (no outcome row), oldest connections first, at most `limit` of them.
 */
export async function findDueOutcomeAsks(db: Database, connectedBefore: Date, limit: number): Promise<DueOutcomeAsk[]> {
  const me = alias(profiles, "me");
  const them = alias(profiles, "them");
  return db
    .select({
      userId: matches.userId,
      candidateId: matches.candidateId,
      name: me.displayName,
      email: me.email,
      otherName: them.displayName,
    })
    .from(matches)
    .innerJoin(me, eq(me.userId, matches.userId))
    .innerJoin(them, eq(them.userId, matches.candidateId))
    .where(
      and(
        eq(matches.status, "connected"),
        lte(matches.connectedAt, connectedBefore),
        notExists(
          db
            .select({ one: sql`1` })
            .from(matchOutcomes)
            .where(and(eq(matchOutcomes.userId, matches.userId), eq(matchOutcomes.candidateId, matches.candidateId))),
        ),
      ),
    )
    .orderBy(asc(matches.connectedAt), asc(matches.userId))
    .limit(limit);
}

/** The person's connections Sam asked about after `openSince` (answer still open), oldest first. */
export async function listOpenOutcomes(db: Database, userId: string, openSince: Date) {
  return db
    .select({
      candidateId: matchOutcomes.candidateId,
      otherName: profiles.displayName,
      askedAt: matchOutcomes.askedAt,
      outcome: matchOutcomes.outcome,
    })
    .from(matchOutcomes)
    .innerJoin(profiles, eq(profiles.userId, matchOutcomes.candidateId))
    .where(and(eq(matchOutcomes.userId, userId), gt(matchOutcomes.askedAt, openSince)))
    .orderBy(asc(matchOutcomes.askedAt));
}

/** Everything the person told Sam about their connections, for their data export. */
export async function listOutcomesFor(db: Database, userId: string) {
  return db
    .select({
      matchId: matchOutcomes.candidateId,
      askedAt: matchOutcomes.askedAt,
      outcome: matchOutcomes.outcome,
      answeredAt: matchOutcomes.answeredAt,
    })
    .from(matchOutcomes)
    .where(eq(matchOutcomes.userId, userId))
    .orderBy(asc(matchOutcomes.askedAt));
}

/**
 * Every connection once (from the side with the smaller id), with its score (both records of a
 * pair carry the same one) and what each person answered, for the outcome summary.
 */
export async function listConnectionOutcomes(db: Database): Promise<ConnectionOutcome[]> {
  const mine = alias(matchOutcomes, "mine");
  const theirs = alias(matchOutcomes, "theirs");
  const rows = await db
    .select({
      score: matches.score,
      myAsk: mine.askedAt,
      myOutcome: mine.outcome,
      theirAsk: theirs.askedAt,
      theirOutcome: theirs.outcome,
    })
    .from(matches)
    .leftJoin(mine, and(eq(mine.userId, matches.userId), eq(mine.candidateId, matches.candidateId)))
    .leftJoin(theirs, and(eq(theirs.userId, matches.candidateId), eq(theirs.candidateId, matches.userId)))
    .where(and(eq(matches.status, "connected"), lt(matches.userId, matches.candidateId)));
  return rows.map((row) => ({
    score: row.score,
    asked: row.myAsk !== null || row.theirAsk !== null,
    answers: [row.myOutcome, row.theirOutcome].filter((outcome): outcome is MatchOutcome => outcome !== null),
  }));
}
