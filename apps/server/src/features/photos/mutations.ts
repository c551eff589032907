import { PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import { DUPLICATE_PHOTO_MAX_DISTANCE } from "@sams-web/domain/safety/rules";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { duplicatePhotos, photoHashes, profiles } from "../../db/schema.ts";
import { bandProbes, hashBands } from "./photo-hash.ts";

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
 * Current photos of other accounts within DUPLICATE_PHOTO_MAX_DISTANCE bits of `hash`: each band's
 * index is probed for the band's value and its neighbours within PHOTO_HASH_BAND_RADIUS bits,
 * then the whole hash is compared.
 */
export async function findNearDuplicates(
  db: Pick<Database, "select">,
  userId: string,
  hash: bigint,
): Promise<{ otherUserId: string; otherPhotoUrl: string; distance: number }[]> {
  const signed = BigInt.asIntN(64, hash);
  const [b0, b1, b2, b3] = hashBands(signed).map((band) => pgArray(bandProbes(band)));
  const distance = sql<number>`bit_count((${photoHashes.hash} # ${signed})::bit(64))::int`;
  return db
    .select({ otherUserId: photoHashes.userId, otherPhotoUrl: photoHashes.photoUrl, distance })
    .from(photoHashes)
    .where(
      and(
        ne(photoHashes.userId, userId),
        or(
          sql`${photoHashes.band0} = any(${b0}::int[])`,
          sql`${photoHashes.band1} = any(${b1}::int[])`,
          sql`${photoHashes.band2} = any(${b2}::int[])`,
          sql`${photoHashes.band3} = any(${b3}::int[])`,
        ),
        sql`${distance} <= ${DUPLICATE_PHOTO_MAX_DISTANCE}`,
      ),
    );
}
