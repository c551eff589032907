import type { MatchStatus } from "@sams-web/domain/match-rules";
import type { MatchView } from "@sams-web/domain/matching-api";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, messages, narratives, profiles, searches, zipCodes } from "../../db/schema.ts";
import type { InterviewAnswer, Narrative } from "./narrative.ts";
import { METERS_PER_MILE, searchBoxes } from "./search-box.ts";

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

export { METERS_PER_MILE } from "./search-box.ts";

/**
 * The preliminary match (DESIGN.md "Matching" step 2):
 *  1. the searcher's own row (profile + ZIP centroid);
 *  2. one index-only range scan of `match_points` per radius band (its rows are exactly the
 *     searchable people, kept by a trigger): the genders I seek, people who seek my gender, the
 *     latitude cells and longitude range of a box around me that reaches min(my radius, the band's
 *     top) — nobody in a lower band can be a mutual fit beyond their own radius — and both age
 *     rules, all read from the index entries;
 *  3. the exact rules on what remains: each within the other's radius (earth_distance between ZIP
 *     centroids), never oneself, never a pair that already has a match record either way (which
 *     includes every pair that declined).
 * Gender: seekingGender '' (non-binary or unselected) means open to anyone; a person whose own
 * gender is '' is found only by people who are open to anyone.
 * Missing age-range offsets count as the narrowest allowed range (-5, +5).
 * Every eligible person is returned (no cap). Cost grows with the people inside the boxes who fit
 * the gender and band, not with all users.
 */
export async function findPreliminaryCandidates(db: Database, userId: string): Promise<string[]> {
  const [me] = (
    await db.execute<{
      gender: string;
      seeking_gender: string;
      age: number;
      search_radius: number;
      min_age: number;
      max_age: number;
      latitude: number;
      longitude: number;
    }>(sql`
      select p.gender, p.seeking_gender, p.age, p.search_radius,
             p.age + coalesce(p.age_range_min, -5) as min_age, p.age + coalesce(p.age_range_max, 5) as max_age,
             z.latitude, z.longitude
      from profiles p join zip_codes z on z.zip = p.zip_code
      where p.user_id = ${userId} and p.age is not null`)
  ).rows;
  if (!me) return [];
  const genders = me.seeking_gender === "" ? ["man", "woman", ""] : [me.seeking_gender];
  const seekings = me.gender === "" ? [""] : [me.gender, ""];
  const scans = searchBoxes(me.latitude, me.longitude, me.search_radius).map(
    (box) => sql`
      select c.user_id, c.latitude, c.longitude, c.search_radius
      from match_points c
      where c.radius_band = ${box.band}
        and c.gender in ${genders} and c.seeking_gender in ${seekings}
        and c.lat_cell in ${box.latCells}
        ${box.lonMin === null ? sql`` : sql`and c.longitude between ${box.lonMin}::float8 and ${box.lonMax}::float8`}
        and c.latitude between ${box.latMin}::float8 and ${box.latMax}::float8
        and c.age between ${me.min_age}::int and ${me.max_age}::int
        and c.min_age <= ${me.age}::int and c.max_age >= ${me.age}::int`,
  );
  const point = sql`ll_to_earth(${me.latitude}::float8, ${me.longitude}::float8)`;
  const result = await db.execute<{ user_id: string }>(sql`
    select c.user_id
    from (${sql.join(scans, sql` union all `)}) c
    cross join lateral (select earth_distance(${point}, ll_to_earth(c.latitude, c.longitude)) as meters) d
    where d.meters <= ${me.search_radius * METERS_PER_MILE}::float8
      and d.meters <= c.search_radius * ${METERS_PER_MILE}::float8
      and c.user_id <> ${userId}
      and not exists (select 1 from matches m where m.user_id = ${userId} and m.candidate_id = c.user_id)
      and not exists (select 1 from matches m where m.user_id = c.user_id and m.candidate_id = ${userId})
    order by c.user_id`);
  return result.rows.map((r) => r.user_id);
}
