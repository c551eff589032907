import type { MatchView } from "@sams-web/domain/matching/contracts";
import { firstNameOf, type MatchStatus } from "@sams-web/domain/matching/rules";
import { ageOn } from "@sams-web/domain/profile/rules";
import { and, asc, eq, inArray, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  blocks,
  matches,
  messages,
  narrativeCorrections,
  narratives,
  profileIntros,
  profiles,
  searches,
  zipCodes,
} from "../../db/schema.ts";
import { CORRECTION_STAGE, type InterviewAnswer, type Narrative } from "./narrative/narrative.ts";

/** Statuses at which Sam has not shown the candidate yet: the person answers questions about someone unnamed. */
const UNSHOWN: ReadonlySet<string> = new Set(["followupsQueued", "followupsAnswered"]);

/**
 * The signed-in person's matches. Who a candidate is (name, age, photos, their approved
 * introduction) only from photo review on, and photos only while the match is live; shared
 * interests are filled in by the caller (they are read from both narratives). A pair either
 * person blocked (a report blocks too) is left out altogether: after a block neither learns
 * anything more of the other, not even a name in an ended match.
 */
const matchesOfUser = preparedPerDatabase((db) =>
  db
    .select({
      id: matches.candidateId,
      status: matches.status,
      score: matches.score,
      followupQuestions: matches.followupQuestions,
      reason: matches.reason,
      distanceBandMiles: matches.distanceBandMiles,
      photoUrls: profiles.photoUrls,
      displayName: profiles.displayName,
      birthday: profiles.birthday,
      intro: profileIntros.text,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.userId, matches.candidateId))
    .leftJoin(profileIntros, eq(profileIntros.userId, matches.candidateId))
    .where(
      and(
        eq(matches.userId, sql.placeholder("userId")),
        notExists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(
              or(
                and(eq(blocks.blockerId, matches.userId), eq(blocks.blockedId, matches.candidateId)),
                and(eq(blocks.blockerId, matches.candidateId), eq(blocks.blockedId, matches.userId)),
              ),
            ),
        ),
      ),
    )
    .prepare("matches_of_user"),
);

export async function listMatchesFor(db: Database, userId: string, today = new Date()): Promise<MatchView[]> {
  const rows = await matchesOfUser(db).execute({ userId });
  return rows.map((row) => {
    const shown = !UNSHOWN.has(row.status) && row.status !== "no";
    return {
      id: row.id,
      status: row.status as MatchStatus,
      score: row.score,
      photos: shown ? row.photoUrls : [],
      followup_questions: row.followupQuestions,
      firstName: shown ? firstNameOf(row.displayName) : "",
      age: shown && row.birthday ? ageOn(row.birthday, today) : null,
      distanceBandMiles: row.distanceBandMiles,
      reason: shown ? row.reason : "",
      about: shown ? row.intro : null,
      sharedInterests: [],
    };
  });
}

/**
 * Miles between the person's ZIP code and each candidate's (haversine on a 3,958.8-mile sphere);
 * a candidate without a known ZIP code is left out.
 */
export async function milesTo(
  db: Database,
  userId: string,
  candidateIds: readonly string[],
): Promise<Map<string, number>> {
  if (candidateIds.length === 0) return new Map();
  const mine = alias(profiles, "mine");
  const myZip = alias(zipCodes, "my_zip");
  const theirZip = alias(zipCodes, "their_zip");
  const rows = await db
    .select({
      id: profiles.userId,
      miles: sql<number>`2 * 3958.8 * asin(sqrt(
        power(sin(radians(${theirZip.latitude} - ${myZip.latitude}) / 2), 2) +
        cos(radians(${myZip.latitude})) * cos(radians(${theirZip.latitude})) *
        power(sin(radians(${theirZip.longitude} - ${myZip.longitude}) / 2), 2)))`.mapWith(Number),
    })
    .from(profiles)
    .innerJoin(theirZip, eq(theirZip.zip, profiles.zipCode))
    .innerJoin(mine, eq(mine.userId, userId))
    .innerJoin(myZip, eq(myZip.zip, mine.zipCode))
    .where(inArray(profiles.userId, [...candidateIds]));
  return new Map(rows.map((row) => [row.id, row.miles]));
}

export async function findProfile(db: Database, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

/** People's ages from their birthdays (null when not given), for limits said relative to age. */
export async function findAges(
  db: Database,
  userIds: readonly string[],
  today: Date,
): Promise<Map<string, number | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: profiles.userId, birthday: profiles.birthday })
    .from(profiles)
    .where(inArray(profiles.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.birthday ? ageOn(row.birthday, today) : null]));
}

export async function zipExists(db: Database, zip: string): Promise<boolean> {
  const [row] = await db.select({ zip: zipCodes.zip }).from(zipCodes).where(eq(zipCodes.zip, zip));
  return row !== undefined;
}

export async function countLiveMatches(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .where(and(eq(matches.userId, userId), ne(matches.status, "no")));
  return row?.n ?? 0;
}

/**
 * What the person wrote in their interview and follow-ups, and what they told Sam is wrong in
 * their story ("Your story") as answers of stage `correction:<section>` (see
 * narrative/narrative.ts), all in the order they were said: a correction stands where it was
 * made, so the follow-up answers given after it still add to the corrected section. Both times
 * are the database's clock.
 */
export async function listAnswers(db: Database, userId: string): Promise<InterviewAnswer[]> {
  const answers = await db
    .select({ stage: messages.stage, text: messages.text, sentAt: messages.sentAt })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.sender, "user")))
    .orderBy(asc(messages.id));
  const corrections = await db
    .select({
      field: narrativeCorrections.field,
      text: narrativeCorrections.text,
      sentAt: narrativeCorrections.createdAt,
    })
    .from(narrativeCorrections)
    .where(eq(narrativeCorrections.userId, userId))
    .orderBy(asc(narrativeCorrections.id));
  // A stable sort: said at the same moment, the message comes first.
  return [
    ...answers,
    ...corrections.map(({ field, text, sentAt }) => ({ stage: `${CORRECTION_STAGE}${field}`, text, sentAt })),
  ].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
}

// Read on every matches read that has candidates in photo review.
const narrativesOfUsers = preparedPerDatabase((db) =>
  db
    .select()
    .from(narratives)
    .where(sql`${narratives.userId} = any(${sql.placeholder("userIds")}::text[])`)
    .prepare("narratives_of_users"),
);

export async function findNarratives(db: Database, userIds: readonly string[]): Promise<Map<string, Narrative>> {
  if (userIds.length === 0) return new Map();
  const rows = await narrativesOfUsers(db).execute({ userIds: [...userIds] });
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        about: r.about,
        goals: r.goals,
        bestQualities: r.bestQualities,
        worstQualities: r.worstQualities,
        partnerPreferences: r.partnerPreferences,
        dealbreakers: r.dealbreakers,
        contributions: r.contributions,
        pastRelationships: r.pastRelationships,
      },
    ]),
  );
}

export async function findSearch(db: Database, userId: string) {
  const [row] = await db.select().from(searches).where(eq(searches.userId, userId));
  return row ?? null;
}

export async function findMatch(db: Database, userId: string, candidateId: string) {
  const [row] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.userId, userId), eq(matches.candidateId, candidateId)));
  return row ?? null;
}

/**
 * The preliminary match (step 2 of the matching pipeline, docs/decisions/0008): everyone who fits the searcher and whom the
 * searcher fits, both ways, within each other's radius, never oneself and never a pair that
 * already has a match record either way. It runs in the database, as `preliminary_candidates`
 * (src/db/functions/preliminary_candidates.sql states its rules): one round trip, one plan per connection.
 * Every eligible person is returned (no cap), in a stable order.
 */
export async function findPreliminaryCandidates(db: Database, userId: string): Promise<string[]> {
  const result = await db.$client.query<{ user_id: string }>({
    name: "preliminary-candidates",
    text: "select user_id from preliminary_candidates($1) as user_id",
    values: [userId],
  });
  // Sorted here rather than by the database's collation: the order only has to be stable.
  return result.rows.map((r) => r.user_id).sort();
}
