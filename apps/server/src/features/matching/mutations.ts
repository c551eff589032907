import { canTransition, type MatchStatus, mayMoveWhileFrozen, SEARCHES_PER_DAY } from "@sams-web/domain/matching/rules";
import { and, eq, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bothRecordsOf } from "../../db/match-pair.ts";
import { blocks, matches, narratives, profiles, searches } from "../../db/schema.ts";
import { listAnswers } from "./data.ts";
import {
  keepWhatTheLogLost,
  NARRATIVE_FIELDS,
  type Narrative,
  type NarrativeWriter,
  type StoredNarrative,
} from "./narrative/narrative.ts";

/**
 * Stores the narrative with the time its answers were read (`readAt`, the database's clock, the
 * one the chat log's messages carry), so the next rewrite can tell which follow-up answers came
 * after them (keepWhatTheLogLost): an answer saved while a rewrite was under way is newer than
 * that rewrite's narrative, although stored before it. A rewrite that read earlier than the stored
 * narrative's does not replace it.
 */
async function saveNarrative(
  db: Database,
  userId: string,
  narrative: Narrative,
  source: string,
  readAt: Date,
): Promise<void> {
  await db
    .insert(narratives)
    .values({ userId, ...narrative, source, updatedAt: readAt })
    .onConflictDoUpdate({
      target: narratives.userId,
      set: { ...narrative, source, updatedAt: readAt },
      setWhere: lte(narratives.updatedAt, readAt),
    });
}

async function findStoredNarrative(db: Database, userId: string): Promise<StoredNarrative | null> {
  const [row] = await db.select().from(narratives).where(eq(narratives.userId, userId));
  if (!row) return null;
  const narrative = Object.fromEntries(NARRATIVE_FIELDS.map((field) => [field, row[field]])) as Narrative;
  return { narrative, writtenAt: row.updatedAt };
}

/** The database's clock, which the chat log's messages are stamped by. */
async function databaseNow(db: Database): Promise<Date> {
  const result = await db.execute<{ now: Date }>(sql`select now() as now`);
  const now = result.rows[0]?.now;
  if (!now) throw new Error("the database did not say what time it is");
  return new Date(now);
}

/**
 * Writes the person's narrative afresh from their answers and corrections, keeping each section
 * whose interview answer the log no longer holds (keepWhatTheLogLost), and stores it.
 */
export async function rewriteNarrative(db: Database, writer: NarrativeWriter, userId: string): Promise<Narrative> {
  // Taken before the answers are read: anything saved from here on is newer than this narrative.
  const readAt = await databaseNow(db);
  const answers = await listAnswers(db, userId);
  const [previous, { narrative: rewritten, source }] = await Promise.all([
    findStoredNarrative(db, userId),
    writer.write(answers),
  ]);
  const narrative = keepWhatTheLogLost(previous, answers, rewritten);
  await saveNarrative(db, userId, narrative, source, readAt);
  return narrative;
}

/** A search stuck this long without progress (a crash) may be taken over by a new press. */
export const STALE_SEARCH_MS = 10 * 60 * 1000;

/** Why a search could not be claimed. */
export type ClaimRefusal = "inProgress" | "dailyLimit";

/**
 * Claims the person's search atomically and records searchStarted. Of many simultaneous presses
 * exactly one wins; the others find the row already in progress. The claim also counts the day's
 * searches in the same row (SEARCHES_PER_DAY a UTC day), so only a search that really starts is
 * counted, however many presses race, and whether or not it finds anyone.
 */
export async function claimSearch(db: Database, userId: string, now: Date): Promise<ClaimRefusal | null> {
  const day = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(searches)
      .values({
        userId,
        state: "prelim",
        startedAt: now,
        candidateIds: [],
        result: null,
        searchesDay: day,
        searchesThatDay: 1,
      })
      .onConflictDoUpdate({
        target: searches.userId,
        set: {
          state: "prelim",
          startedAt: now,
          candidateIds: [],
          result: null,
          updatedAt: now,
          searchesDay: day,
          searchesThatDay: sql`case when ${searches.searchesDay} = ${day} then ${searches.searchesThatDay} + 1 else 1 end`,
        },
        setWhere: and(
          or(eq(searches.state, "done"), lt(searches.updatedAt, new Date(now.getTime() - STALE_SEARCH_MS))),
          or(
            isNull(searches.searchesDay),
            ne(searches.searchesDay, day),
            lt(searches.searchesThatDay, SEARCHES_PER_DAY),
          ),
        ),
      })
      .returning({ userId: searches.userId });
    if (claimed.length === 0) {
      const [row] = await tx.select().from(searches).where(eq(searches.userId, userId));
      const idle = row && (row.state === "done" || row.updatedAt.getTime() < now.getTime() - STALE_SEARCH_MS);
      return idle ? "dailyLimit" : "inProgress";
    }
    await tx.update(profiles).set({ searchStarted: now }).where(eq(profiles.userId, userId));
    return null;
  });
}

/**
 * Records the preliminary pool and moves the search on (to done when the pool is empty). Returns
 * when the search started if this call moved it, null if it had already moved (a resumed step).
 */
export async function saveCandidates(db: Database, userId: string, candidateIds: string[]): Promise<Date | null> {
  const [moved] = await db
    .update(searches)
    .set(
      candidateIds.length === 0
        ? { state: "done", candidateIds, result: { photoValidation: 0, followupsQueued: 0, no: 0 } }
        : { state: "scoring", candidateIds },
    )
    .where(and(eq(searches.userId, userId), eq(searches.state, "prelim")))
    .returning({ startedAt: searches.startedAt });
  return moved?.startedAt ?? null;
}

/** Ends a scored search; as saveCandidates, returns when it started if this call ended it, else null. */
export async function finishSearch(
  db: Database,
  userId: string,
  result: { photoValidation: number; followupsQueued: number; no: number },
): Promise<Date | null> {
  const [finished] = await db
    .update(searches)
    .set({ state: "done", result })
    .where(and(eq(searches.userId, userId), eq(searches.state, "scoring")))
    .returning({ startedAt: searches.startedAt });
  return finished?.startedAt ?? null;
}

export interface MatchSide {
  userId: string;
  candidateId: string;
  status: MatchStatus;
  score: number;
  followupQuestions: string[];
  /** Of those, the ones that can end the pair, with the answer that ends it. */
  limitQuestions: { question: string; endsOn: "yes" | "no" }[];
  reason: string;
  distanceBandMiles: number;
}

/**
 * Writes both sides of a scored pair. A pair that already has records (a resumed search, or the
 * other person's search got there first) keeps them: inserting is idempotent. A search is scored
 * for a while after it found its candidates: a pair is not written if either person has since
 * been suspended or hidden by reports, or either blocked the other. Both profiles are locked for
 * share first, so a suspension (which locks its person's profile for update, then closes their
 * open matches) either came first and is seen here, or waits and closes this pair too.
 */
export async function insertPair(db: Database, sides: readonly [MatchSide, MatchSide]): Promise<boolean> {
  const { userId, candidateId } = sides[0];
  return db.transaction(async (tx) => {
    const searchable = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(
        and(
          inArray(profiles.userId, [userId, candidateId]),
          isNull(profiles.suspendedAt),
          isNull(profiles.shadowHiddenAt),
        ),
      )
      .for("share");
    if (searchable.length < 2) return false;
    const [blocked] = await tx
      .select({ one: sql`1` })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, userId), eq(blocks.blockedId, candidateId)),
          and(eq(blocks.blockerId, candidateId), eq(blocks.blockedId, userId)),
        ),
      )
      .limit(1);
    if (blocked) return false;
    const inserted = await tx
      .insert(matches)
      .values([...sides])
      .onConflictDoNothing()
      .returning({ userId: matches.userId });
    return inserted.length > 0;
  });
}

export class TransitionError extends Error {}

/** `path`: the statuses the record moves through, each step checked (e.g. accepted, matchPending). */
export interface SideChange {
  path?: MatchStatus[];
  score?: number;
  reason?: string;
  followupQuestions?: string[];
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

type ProfileRow = typeof profiles.$inferSelect;

/**
 * Runs `change` with both records of a pair locked (in a fixed order, so two people acting at
 * once cannot deadlock or miss each other's step). `change` returns the new statuses; each move
 * is checked against the domain's transitions before anything is written.
 *
 * Both people's profiles are locked first (profiles before matches, each in id order, always)
 * and handed to `change`. While either is suspended or hidden by reports the pair is frozen: no
 * record moves towards a connection (mayMoveWhileFrozen), whatever `change` asks; the lock makes
 * a hide or a suspension (which lock the person's profile for update) come wholly before or after.
 *
 * With `lockProfiles`, the profiles are locked for update instead of share: a step that depends
 * on a profile, such as the cool-down after an accepted match, then sees every earlier step of
 * either person and holds until this one commits. Without it, parallel confirmations would all
 * read the same old matchAccepted.
 */
export async function updatePair(
  db: Database,
  userId: string,
  candidateId: string,
  change: (
    mine: typeof matches.$inferSelect,
    theirs: typeof matches.$inferSelect | null,
    people: ReadonlyMap<string, ProfileRow>,
  ) => Promise<{
    mine?: SideChange;
    theirs?: SideChange;
    connected?: boolean;
  }>,
  options: { lockProfiles?: boolean } = {},
): Promise<{
  mine: typeof matches.$inferSelect;
  theirs: typeof matches.$inferSelect | null;
  /** The statuses both records moved through, as written. */
  steps: MatchStatus[];
} | null> {
  return db.transaction(async (tx) => {
    const people = new Map<string, ProfileRow>();
    const locked = await tx
      .select()
      .from(profiles)
      .where(inArray(profiles.userId, [userId, candidateId]))
      .orderBy(profiles.userId)
      .for(options.lockProfiles ? "update" : "share");
    for (const row of locked) people.set(row.userId, row);
    const frozen = pairFrozen(people);
    const rows = await tx
      .select()
      .from(matches)
      .where(bothRecordsOf(userId, candidateId))
      .orderBy(matches.userId)
      .for("update");
    const mine = rows.find((r) => r.userId === userId);
    const theirs = rows.find((r) => r.userId === candidateId) ?? null;
    if (!mine) return null;
    const next = await change(mine, theirs, people);
    for (const side of [next.mine, next.theirs]) {
      const refused = frozen && side?.path?.find((step) => !mayMoveWhileFrozen(step));
      if (refused) throw new TransitionError(`frozen: ${refused}`);
    }
    await applySide(tx, mine, next.mine);
    if (theirs) await applySide(tx, theirs, next.theirs);
    const steps = [...(next.mine?.path ?? []), ...(theirs ? (next.theirs?.path ?? []) : [])];
    if (next.connected) {
      await tx
        .update(profiles)
        .set({ matchAccepted: new Date() })
        .where(inArray(profiles.userId, [userId, candidateId]));
    }
    return { mine, theirs, steps };
  });
}

/** Whether either person of a pair is suspended or hidden by reports: their pair is frozen. */
export function pairFrozen(people: ReadonlyMap<string, ProfileRow>): boolean {
  return [...people.values()].some((person) => person.suspendedAt !== null || person.shadowHiddenAt !== null);
}

async function applySide(tx: Tx, row: typeof matches.$inferSelect, next: SideChange | undefined): Promise<void> {
  if (!next) return;
  let status = row.status as MatchStatus;
  for (const step of next.path ?? []) {
    if (!canTransition(status, step)) throw new TransitionError(`${status} → ${step}`);
    status = step;
  }
  const { path: _path, ...fields } = next;
  // Both sides connect in this one transaction, so they share the time (now() is the transaction's).
  const connected = next.path?.includes("connected") ? { connectedAt: sql`now()` } : {};
  await tx
    .update(matches)
    .set({ ...fields, ...connected, status, updatedAt: sql`now()` })
    .where(and(eq(matches.userId, row.userId), eq(matches.candidateId, row.candidateId)));
}
