import { PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import { DUPLICATE_PHOTO_MAX_DISTANCE } from "@sams-web/domain/safety/rules";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { duplicatePhotos, photoHashes, profiles } from "../../db/schema.ts";
import { hammingDistance, hashBands, hashProbes } from "./photo-hash.ts";

/**
 * Points the profile at a new photo set in one statement, under a row lock, and returns the
 * addresses it replaced (null without a profile). The lock orders concurrent saves of one user,
 * so each save removes exactly the set it replaced.
 */
export async function swapPhotoUrls(db: Database, userId: string, photoUrls: string[]): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoUrls: profiles.photoUrls })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if (!current) return null;
    await tx
      .update(profiles)
      .set({ photoUrls, picturesUploaded: photoUrls.length >= PHOTOS_MIN })
      .where(eq(profiles.userId, userId));
    return current.photoUrls;
  });
}

/**
 * Replaces the person's photo hashes with those of their new set, and flags each new photo that
 * looks like a current photo of another account (DUPLICATE_PHOTO_MAX_DISTANCE): those flags wait
 * for a moderator. Answers how many were flagged.
 */
export async function recordPhotoHashes(
  db: Database,
  userId: string,
  photos: { photoUrl: string; hash: bigint }[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(photoHashes).where(eq(photoHashes.userId, userId));
    await tx.delete(duplicatePhotos).where(eq(duplicatePhotos.userId, userId));
    if (photos.length === 0) return 0;
    await tx.insert(photoHashes).values(
      photos.map(({ photoUrl, hash }) => {
        const [band0, band1, band2, band3] = hashBands(hash) as [number, number, number, number];
        return { userId, photoUrl, hash, band0, band1, band2, band3 };
      }),
    );
    let flagged = 0;
    for (const { photoUrl, hash } of photos) {
      const near = await findNearDuplicates(tx, userId, hash);
      if (near.length === 0) continue;
      await tx
        .insert(duplicatePhotos)
        .values(near.map((other) => ({ userId, photoUrl, ...other })))
        .onConflictDoNothing();
      flagged += near.length;
    }
    return flagged;
  });
}

/** A list as one PostgreSQL array parameter ('{1,2,3}'), not one parameter per value. */
const pgArray = (values: number[]) => `{${values.join(",")}}`;

/**
 * Current photos of other accounts within DUPLICATE_PHOTO_MAX_DISTANCE bits of `hash`, in one
 * statement. First the indexes alone: each band's (band, hash) index is probed for the band's
 * value and its neighbours within the band's radius (PHOTO_HASH_BAND_RADII), and the hash beside
 * each entry is compared there. Only the few hashes near enough, usually none, are then read in
 * full, each by its own (band0, hash) index entry: `offset 0` keeps that step a lookup per hash,
 * where the planner, which cannot tell how few hashes pass the bit count, would otherwise join
 * by reading the whole table.
 */
export async function findNearDuplicates(
  db: Pick<Database, "execute">,
  userId: string,
  hash: bigint,
): Promise<{ otherUserId: string; otherPhotoUrl: string; distance: number }[]> {
  const signed = BigInt.asIntN(64, hash);
  const probes = hashProbes(signed).map(pgArray);
  const band = (column: string, index: number) =>
    sql`select hash from photo_hashes where ${sql.raw(column)} = any(${probes[index]}::int[])
          and bit_count((hash # ${signed})::bit(64)) <= ${DUPLICATE_PHOTO_MAX_DISTANCE}`;
  const rows = await db.execute<{ otherUserId: string; otherPhotoUrl: string; hash: string }>(
    sql`with near as (${band("band0", 0)} union ${band("band1", 1)} union ${band("band2", 2)} union ${band("band3", 3)})
        select photo.user_id as "otherUserId", photo.photo_url as "otherPhotoUrl", near.hash::text as hash
        from near cross join lateral (
          select user_id, photo_url from photo_hashes
          where band0 = ((near.hash >> 48) & 65535)::int and hash = near.hash and user_id <> ${userId}
          offset 0) photo`,
  );
  return rows.rows.map(({ otherUserId, otherPhotoUrl, hash: near }) => ({
    otherUserId,
    otherPhotoUrl,
    distance: hammingDistance(BigInt(near), signed),
  }));
}
