import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, profiles } from "../../db/schema.ts";

export async function findPhotoUrls(db: Database, userId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ photoUrls: profiles.photoUrls })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.photoUrls ?? null;
}

/** Whether `viewerId` holds a live match with `ownerId` (any status but 'no'). */
export async function hasLiveMatch(db: Database, viewerId: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: matches.status })
    .from(matches)
    .where(and(eq(matches.userId, viewerId), eq(matches.candidateId, ownerId), ne(matches.status, "no")))
    .limit(1);
  return row !== undefined;
}
