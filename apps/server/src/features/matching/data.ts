import type { MatchStatus } from "@sams-web/domain/match-rules";
import type { MatchView } from "@sams-web/domain/matching-api";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, messages, narratives, profiles, searches, zipCodes } from "../../db/schema.ts";
import type { InterviewAnswer, Narrative } from "./narrative.ts";

/** The signed-in person's matches; a candidate's photos only while the match is live. */
export async function listMatchesFor(db: Database, userId: string): Promise<MatchView[]> {
  const rows = await db
    .select({
      id: matches.candidateId,
      status: matches.status,
      score: matches.score,
      followupQuestions: matches.followupQuestions,
      photoUrls: profiles.photoUrls,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.userId, matches.candidateId))
    .where(eq(matches.userId, userId));
  return rows.map((row) => ({
    id: row.id,
    status: row.status as MatchStatus,
    score: row.score,
    photos: row.status === "no" ? [] : row.photoUrls,
    followup_questions: row.followupQuestions,
  }));
}

export async function findProfile(db: Database, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
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

/** What the person wrote in their interview and follow-ups, oldest first. */
export async function listAnswers(db: Database, userId: string): Promise<InterviewAnswer[]> {
  return db
    .select({ stage: messages.stage, text: messages.text })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.sender, "user")))
    .orderBy(asc(messages.id));
}

export async function findNarratives(db: Database, userIds: readonly string[]): Promise<Map<string, Narrative>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(narratives)
    .where(inArray(narratives.userId, [...userIds]));
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

export const METERS_PER_MILE = 1609.344;

/**
 * The preliminary match (DESIGN.md "Matching" step 2), one indexed query:
 *  1. the ZIP centroids within the person's radius, from the GiST index on zip_codes;
 *  2. the searchable pool in those ZIPs, from the partial index profiles_match_pool_idx;
 *  3. the mutual rules: each within the other's radius, each one's gender what the other seeks,
 *     each one's age inside the other's range, never oneself, never a pair that already has a
 *     match record either way (which includes every pair that declined).
 * Gender: seekingGender '' (non-binary or unselected) means open to anyone; a person whose own
 * gender is '' is found only by people who are open to anyone.
 * Missing age-range offsets count as the narrowest allowed range (-5, +5).
 * Cost grows with the people in the nearby ZIPs, not with all users.
 */
export async function findPreliminaryCandidates(db: Database, userId: string): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    with me as (
      select p.user_id, p.gender, p.seeking_gender, p.age, p.search_radius * ${METERS_PER_MILE}::float8 as radius_m,
             p.age + coalesce(p.age_range_min, -5) as min_age, p.age + coalesce(p.age_range_max, 5) as max_age,
             ll_to_earth(z.latitude, z.longitude) as point
      from profiles p join zip_codes z on z.zip = p.zip_code
      where p.user_id = ${userId} and p.age is not null
    ),
    near as (
      select z.zip, earth_distance(me.point, ll_to_earth(z.latitude, z.longitude)) as meters
      from me, zip_codes z
      where earth_box(me.point, me.radius_m) @> ll_to_earth(z.latitude, z.longitude)
    )
    select c.user_id
    from me
    join near on near.meters <= me.radius_m
    join profiles c on c.zip_code = near.zip
    where c.status = 'active' and c.verified and c.chat_complete and c.pictures_uploaded
      and c.user_id <> me.user_id
      and near.meters <= c.search_radius * ${METERS_PER_MILE}::float8
      and (me.seeking_gender = '' or c.gender = me.seeking_gender)
      and (c.seeking_gender = '' or me.gender = c.seeking_gender)
      and c.age between me.min_age and me.max_age
      and me.age between c.age + coalesce(c.age_range_min, -5) and c.age + coalesce(c.age_range_max, 5)
      and not exists (select 1 from matches m where m.user_id = me.user_id and m.candidate_id = c.user_id)
      and not exists (select 1 from matches m where m.user_id = c.user_id and m.candidate_id = me.user_id)
    order by c.user_id`);
  return result.rows.map((r) => r.user_id);
}
