import type { MatchStatus } from "@sams-web/domain/match-rules";
import type { MatchView } from "@sams-web/domain/matching-api";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, profiles } from "../../db/schema.ts";

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
