import { PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import { DUPLICATE_PHOTO_MAX_DISTANCE } from "@sams-web/domain/safety/rules";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { duplicatePhotos, photoHashes, profiles } from "../../db/schema.ts";
import { bandProbes, hammingDistance, hashBands } from "./photo-hash.ts";

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
 * Current photos of other accounts within DUPLICATE_PHOTO_MAX_DISTANCE bits of `hash`. First the
 * indexes alone: each band's (band, hash) index is probed for the band's value and its neighbours
 * within PHOTO_HASH_BAND_RADIUS bits, and the hash beside each entry is compared there. Only the
 * few hashes near enough are then read in full.
 */
export async function findNearDuplicates(
  db: Pick<Database, "execute">,
  userId: string,
  hash: bigint,
): Promise<{ otherUserId: string; otherPhotoUrl: string; distance: number }[]> {
  const signed = BigInt.asIntN(64, hash);
  const probes = hashBands(signed).map((band) => pgArray(bandProbes(band)));
  const near = sql`bit_count((hash # ${signed})::bit(64)) <= ${DUPLICATE_PHOTO_MAX_DISTANCE}`;
  const band = (column: string, index: number) =>
    sql`select hash from photo_hashes where ${sql.raw(column)} = any(${probes[index]}::int[]) and ${near}`;
  const rows = await db.execute<{ hash: string }>(
    sql`${band("band0", 0)} union ${band("band1", 1)} union ${band("band2", 2)} union ${band("band3", 3)}`,
  );
  const found = rows.rows.map((row) => BigInt(row.hash));
  if (found.length === 0) return [];
  // Usually one hash, if any: each read by its own (band0, hash) index entry.
  const matches: { otherUserId: string; otherPhotoUrl: string; distance: number }[] = [];
  for (const near of found) {
    const result = await db.execute<{ otherUserId: string; otherPhotoUrl: string }>(
      sql`select user_id as "otherUserId", photo_url as "otherPhotoUrl" from photo_hashes
           where band0 = ${hashBands(near)[0]} and hash = ${near} and user_id <> ${userId}`,
    );
    const distance = hammingDistance(near, signed);
    for (const row of result.rows) matches.push({ ...row, distance });
  }
  return matches;
}
