import type { MatchStatus } from "@sams-web/domain/match-rules";
import type { MatchView } from "@sams-web/domain/matching-api";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, messages, narratives, profiles, searches, zipCodes } from "../../db/schema.ts";
import type { InterviewAnswer, Narrative } from "./narrative.ts";
import { chordForMiles, searchBoxes } from "./search-box.ts";

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
 *     searchable people, kept by a trigger) over the latitude cells and longitude range of a box
 *     around me that reaches min(my radius, the band's top) — nobody in a lower band can be a
 *     mutual fit beyond their own radius — with the mutual rules read from the index entries: the
 *     genders I seek, people who seek my gender, age both ways, and each within the other's radius
 *     (earthdistance's great-circle distance between ZIP centroids, compared as the chord between
 *     unit vectors: the same test up to floating-point rounding);
 *  3. on what remains: never oneself, never a pair that already has a match record either way
 *     (which includes every pair that declined).
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
  // Distance on earthdistance's sphere without calling it per row: earth_distance(a, b) <= r
  // when the chord between the unit vectors is <= 2 sin(r / 2R) (chordForMiles).
  const lat = (me.latitude * Math.PI) / 180;
  const lon = (me.longitude * Math.PI) / 180;
  const [x, y, z] = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
  const myReach = chordForMiles(me.search_radius);
  const boxes = searchBoxes(me.latitude, me.longitude, me.search_radius);
  const shared = [userId, genders, seekings, me.min_age, me.max_age, me.age, x, y, z, myReach * myReach];
  const values: unknown[] = [...shared];
  for (const box of boxes) {
    values.push(box.band, box.latCells, box.lonMin ?? -180, box.lonMax ?? 180, box.latMin, box.latMax);
  }
  // A named statement: its text depends only on the number of bands, so each connection plans it
  // once instead of on every search.
  const result = await db.$client.query<{ user_id: string }>({
    name: "preliminary-candidates",
    text: candidatesStatement(boxes.length, shared.length),
    values,
  });
  return result.rows.map((r) => r.user_id);
}

/** The candidates statement for `bands` radius bands, band parameters after `sharedCount` shared ones. */
function candidatesStatement(bands: number, sharedCount: number): string {
  // $1 user id, $2 genders I seek, $3 genders that may seek me, $4/$5 my age window, $6 my age,
  // $7-$9 my unit vector, $10 my reach chord squared; then per band: band, lat cells, longitude
  // min/max, latitude min/max.
  const scans = Array.from({ length: bands }, (_, i) => {
    const p = (k: number) => `$${sharedCount + i * 6 + k}`;
    return `
      select c.user_id from match_points c
      where c.radius_band = ${p(1)}::int
        and c.gender = any($2::text[]) and c.seeking_gender = any($3::text[])
        and c.lat_cell = any(${p(2)}::int[])
        and c.longitude between ${p(3)}::float8 and ${p(4)}::float8
        and c.latitude between ${p(5)}::float8 and ${p(6)}::float8
        and c.age between $4::int and $5::int and c.min_age <= $6::int and c.max_age >= $6::int
        and (c.x - $7::float8) ^ 2 + (c.y - $8::float8) ^ 2 + (c.z - $9::float8) ^ 2
            <= least($10::float8, c.reach_chord * c.reach_chord)`;
  });
  return `
    select c.user_id from (${scans.join(" union all ")}) c
    where c.user_id <> $1
      and not exists (select 1 from matches m where m.user_id = $1 and m.candidate_id = c.user_id)
      and not exists (select 1 from matches m where m.user_id = c.user_id and m.candidate_id = $1)
    order by c.user_id`;
}
