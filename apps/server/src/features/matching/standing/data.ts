import type { SearchGateInput } from "@sams-web/domain/matching/rules";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { matches, profiles } from "../../../db/schema.ts";

/** What Sam's decision to search reads about a person: Begin Search's gate and their live matches. */
export async function findSearchState(
  db: Database,
  userId: string,
): Promise<{ gate: SearchGateInput; liveMatches: number } | null> {
  const [row] = await db
    .select({
      verified: profiles.verified,
      chatComplete: profiles.chatComplete,
      picturesUploaded: profiles.picturesUploaded,
      zipCode: profiles.zipCode,
      birthday: profiles.birthday,
      status: profiles.status,
      searchStarted: profiles.searchStarted,
      liveMatches: sql<number>`(select count(*)::int from ${matches} where ${and(
        eq(matches.userId, userId),
        ne(matches.status, "no"),
      )})`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) return null;
  return {
    gate: {
      verified: row.verified,
      chatComplete: row.chatComplete,
      picturesUploaded: row.picturesUploaded,
      zipCode: row.zipCode,
      birthday: row.birthday,
      status: row.status === "active" ? "active" : "unavailable",
      searchStarted: row.searchStarted?.getTime() ?? null,
    },
    liveMatches: Number(row.liveMatches),
  };
}
