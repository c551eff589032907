import { firstNameOf, type MatchStatus } from "@sams-web/domain/matching/rules";
import { ageOn } from "@sams-web/domain/profile/rules";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, profiles } from "../../db/schema.ts";

/** One live pair as its `userId` side holds it, with what the page may say of the other person. */
export interface WebRow {
  candidateId: string;
  status: MatchStatus;
  followupQuestions: number;
  score: number;
  distanceBandMiles: number;
  connectedAt: Date | null;
  momentSeenAt: Date | null;
  firstName: string;
  age: number | null;
  photo: string | null;
  email: string;
}

/** The person's live pairs (every status but 'no'), with the other person's profile. */
export async function listWebRows(db: Database, userId: string, today = new Date()): Promise<WebRow[]> {
  const rows = await db
    .select({
      candidateId: matches.candidateId,
      status: matches.status,
      followupQuestions: matches.followupQuestions,
      score: matches.score,
      distanceBandMiles: matches.distanceBandMiles,
      connectedAt: matches.connectedAt,
      momentSeenAt: matches.momentSeenAt,
      displayName: profiles.displayName,
      birthday: profiles.birthday,
      photoUrls: profiles.photoUrls,
      email: profiles.email,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.userId, matches.candidateId))
    .where(and(eq(matches.userId, userId), ne(matches.status, "no")));
  return rows.map((row) => ({
    candidateId: row.candidateId,
    status: row.status as MatchStatus,
    followupQuestions: row.followupQuestions.length,
    score: row.score,
    distanceBandMiles: row.distanceBandMiles,
    connectedAt: row.connectedAt,
    momentSeenAt: row.momentSeenAt,
    firstName: firstNameOf(row.displayName),
    age: row.birthday ? ageOn(row.birthday, today) : null,
    photo: row.photoUrls[0] ?? null,
    email: row.email,
  }));
}

/** The signed-in person as the match moment shows them. */
export async function findMe(db: Database, userId: string) {
  const [row] = await db
    .select({ displayName: profiles.displayName, photoUrls: profiles.photoUrls })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ? { firstName: firstNameOf(row.displayName), photo: row.photoUrls[0] ?? null } : null;
}
