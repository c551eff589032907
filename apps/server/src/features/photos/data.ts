import { PHOTOS_SHOWN_STATUSES } from "@sams-web/domain/matching/rules";
import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { duplicatePhotos, matches, photoHashes, profiles } from "../../db/schema.ts";
import { KEPT_HASHES_PER_PHOTO, PHOTO_HASH_SCHEME } from "./photo-hash.ts";

export async function findPhotoUrls(db: Pick<Database, "select">, userId: string): Promise<string[] | null> {
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

/**
 * Who is shown `ownerId`'s photos now (every live match with them as the candidate): their photo
 * review and pages follow the owner's order and removals as they happen.
 */
export async function photoViewersOf(db: Database, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: matches.userId })
    .from(matches)
    .where(and(eq(matches.candidateId, ownerId), inArray(matches.status, PHOTOS_SHOWN_STATUSES)));
  return rows.map((row) => row.userId);
}

/**
 * The person's photos a duplicate-photo flag points at, as the flagged photo or as the one the
 * other account had first: evidence a moderator still has to see, so their files outlive a new
 * photo set until the flag is decided.
 */
export async function flaggedPhotoUrls(db: Pick<Database, "select">, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({
      userId: duplicatePhotos.userId,
      photoUrl: duplicatePhotos.photoUrl,
      otherPhotoUrl: duplicatePhotos.otherPhotoUrl,
    })
    .from(duplicatePhotos)
    .where(or(eq(duplicatePhotos.userId, userId), eq(duplicatePhotos.otherUserId, userId)));
  return new Set(rows.map((row) => (row.userId === userId ? row.photoUrl : row.otherPhotoUrl)));
}

/**
 * Up to `limit` people, in id order after `after`, with a current photo that has fewer hashes than
 * the duplicate check keeps, made the way it makes them now (none: saved before the check kept the
 * hashes it has now, or whose hashing failed; some: saved before it kept more parts of a photo; or
 * made by an earlier PHOTO_HASH_SCHEME), each with those photos and when their profile was made.
 */
export async function photosWithoutHashes(
  db: Database,
  after: string,
  limit: number,
): Promise<{ userId: string; photoUrls: string[]; profileCreatedAt: Date }[]> {
  const missing = sql`select photo.url from jsonb_array_elements_text(${profiles.photoUrls}) as photo(url)
    where (select count(*) from ${photoHashes}
      where ${photoHashes.userId} = ${profiles.userId} and ${photoHashes.photoUrl} = photo.url
        and ${photoHashes.scheme} = ${PHOTO_HASH_SCHEME}) < ${KEPT_HASHES_PER_PHOTO}`;
  return db
    .select({
      userId: profiles.userId,
      photoUrls: sql<string[]>`array(${missing})`,
      profileCreatedAt: profiles.createdAt,
    })
    .from(profiles)
    .where(and(gt(profiles.userId, after), sql`exists (${missing})`))
    .orderBy(asc(profiles.userId))
    .limit(limit);
}
