import { canRemovePhoto, isSameSetOfPhotos, PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import { DUPLICATE_PHOTO_MAX_DISTANCE, PHOTO_HASH_BANDS } from "@sams-web/domain/safety/rules";
import { and, eq, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { duplicatePhotos, photoHashes, profiles } from "../../db/schema.ts";
import { findPhotoUrls, flaggedPhotoUrls } from "./data.ts";
import {
  BAND_MASK,
  bandShift,
  findsNearDuplicate,
  hammingDistance,
  hashBands,
  lookupKeys,
  PHOTO_HASH_SCHEME,
  type Probe,
} from "./photo-hash.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The person's photos, with their profile row locked for update until the transaction ends (null
 * without a profile): saves, reorders and removals of one person's photos apply one after another,
 * each to the set the one before it left.
 */
async function lockedPhotoUrls(tx: Transaction, userId: string): Promise<string[] | null> {
  const [profile] = await tx
    .select({ photoUrls: profiles.photoUrls })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  return profile?.photoUrls ?? null;
}

/**
 * Points the profile at a new photo set in one statement, under a row lock, and returns the
 * addresses it replaced (null without a profile). The lock orders concurrent saves of one user,
 * so each save removes exactly the set it replaced.
 */
export async function swapPhotoUrls(db: Database, userId: string, photoUrls: string[]): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const current = await lockedPhotoUrls(tx, userId);
    if (!current) return null;
    await tx
      .update(profiles)
      .set({ photoUrls, picturesUploaded: photoUrls.length >= PHOTOS_MIN })
      .where(eq(profiles.userId, userId));
    return current;
  });
}

/**
 * Puts the person's photos in a new order (the first is the main photo), under the profile row's
 * lock, so parallel reorders, removals and uploads of one person apply one after the other, each to
 * the set the one before it left. The order must hold exactly the saved photos, each once: any
 * other list, which includes one naming a photo that is not the person's own, changes nothing
 * ('stale'), answered alike whether that photo exists or not. Null without a profile.
 */
export async function reorderPhotoUrls(
  db: Database,
  userId: string,
  order: readonly string[],
): Promise<{ photos: string[] } | "stale" | null> {
  return db.transaction(async (tx) => {
    const current = await lockedPhotoUrls(tx, userId);
    if (!current) return null;
    if (!isSameSetOfPhotos(order, current)) return "stale";
    await tx
      .update(profiles)
      .set({ photoUrls: [...order] })
      .where(eq(profiles.userId, userId));
    return { photos: [...order] };
  });
}

/**
 * Removes one of the person's photos under the profile row's lock (see reorderPhotoUrls), never
 * below PHOTOS_MIN, the number a person needs to be searched for. Its hashes go with it, so the
 * duplicate-photo check no longer compares anyone's uploads with a photo that is no longer on the
 * account; a duplicate-photo flag on it stays, as every flag does until a moderator decides it.
 * 'notFound' for an address that is not one of the person's current photos (another member's
 * photo included), 'belowMinimum' when it is but the set is at the minimum.
 */
export async function removePhotoUrl(
  db: Database,
  userId: string,
  photoUrl: string,
): Promise<{ photos: string[] } | "notFound" | "belowMinimum"> {
  return db.transaction(async (tx) => {
    const current = await lockedPhotoUrls(tx, userId);
    if (!current?.includes(photoUrl)) return "notFound";
    if (!canRemovePhoto(current.length)) return "belowMinimum";
    const photos = current.filter((url) => url !== photoUrl);
    await tx
      .update(profiles)
      .set({ photoUrls: photos, picturesUploaded: photos.length >= PHOTOS_MIN })
      .where(eq(profiles.userId, userId));
    await tx.delete(photoHashes).where(and(eq(photoHashes.userId, userId), eq(photoHashes.photoUrl, photoUrl)));
    return { photos };
  });
}

/**
 * Replaces the person's photo hashes with those of their new set (those of its photos still on
 * the profile when this runs), and flags each new photo that looks like a photo another account
 * had first: one of its probes finds one of the other photo's kept hashes (photoFingerprints,
 * findNearDuplicates). Answers how many were flagged.
 *
 * Who had a picture first is what the flag turns on, so a photo's hashes keep the time its
 * picture first appeared on the account: a new photo that finds one of the person's previous
 * photos keeps that photo's time (`created_at`). A re-save of one's own pictures is then never
 * the later upload, and the first uploader is never flagged by someone's later copy; the copy was
 * flagged when it was uploaded. Flags are never cleared here, whatever either account uploads
 * next: they are the evidence a moderator decides on (the moderator's decision about the flagged
 * person removes them), and the flagged files are kept for it (flaggedPhotoUrls).
 */
export async function recordPhotoHashes(
  db: Database,
  userId: string,
  photos: { photoUrl: string; stored: bigint[]; probes: Probe[] }[],
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockPhotoHashes(tx, userId);
    const current = await currentPhotoUrls(tx, userId);
    const previous = await tx
      .select({ hash: photoHashes.hash, firstSeenAt: photoHashes.createdAt })
      .from(photoHashes)
      .where(eq(photoHashes.userId, userId));
    // Only photos still on the profile have hashes: one removed (or replaced by a later set)
    // between this set's save and now gets none, and hashes of photos no longer on it go. A
    // current photo this call does not write (a later set's, recorded first) keeps its own.
    const onProfile = photos.filter((photo) => current.includes(photo.photoUrl));
    await deleteHashesExcept(
      tx,
      userId,
      current.filter((url) => !onProfile.some((photo) => photo.photoUrl === url)),
    );
    if (onProfile.length === 0) return 0;
    const seen = onProfile.map((photo) => {
      const times = previous
        .filter((old) => photo.probes.some((probe) => findsNearDuplicate(probe, old.hash)))
        .map((old) => old.firstSeenAt.getTime());
      return { ...photo, firstSeenAt: new Date(Math.min(now.getTime(), ...times)) };
    });
    await tx
      .insert(photoHashes)
      .values(seen.flatMap(({ photoUrl, stored, firstSeenAt }) => hashRows(userId, photoUrl, stored, firstSeenAt)));
    let flagged = 0;
    for (const { photoUrl, probes, firstSeenAt } of seen) {
      const earlier = await stillHashed(
        tx,
        (await findNearDuplicates(tx, userId, probes)).filter(
          (other) => other.firstSeenAt.getTime() <= firstSeenAt.getTime(),
        ),
      );
      if (earlier.length === 0) continue;
      await tx
        .insert(duplicatePhotos)
        .values(earlier.map(({ firstSeenAt: _, ...other }) => ({ userId, photoUrl, ...other })))
        .onConflictDoNothing();
      flagged += earlier.length;
    }
    return flagged;
  });
}

/**
 * One person's photo hashes are written one writer at a time (an upload, or the recompute of a
 * photo that has none), so neither reads the other's half-done work.
 */
async function lockPhotoHashes(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`photo-hashes:${userId}`}))`);
}

/** Deletes the person's photo hashes except those of `kept` photos. */
async function deleteHashesExcept(tx: Transaction, userId: string, kept: readonly string[]): Promise<void> {
  await tx
    .delete(photoHashes)
    .where(
      kept.length === 0
        ? eq(photoHashes.userId, userId)
        : and(eq(photoHashes.userId, userId), notInArray(photoHashes.photoUrl, [...kept])),
    );
}

/**
 * A duplicate-photo flag keeps the files it points at (evidence until a moderator decides), so a
 * flag must never point at a file being deleted. Photo files are deleted (a replaced set's, a
 * removed photo's, a sweep's) only under their owner's photo-files lock, held exclusively while
 * the deleter reads which files must stay and deletes the rest (deletingPhotoFiles); and a photo's
 * hashes are always deleted before its file. A flag writer, having found another account's photo
 * by its hashes, takes that owner's lock shared until its flags are committed, and writes a flag
 * only if the photo still has its hashes: either the deleter runs after the flag is committed and
 * keeps the file, or it ran first and the flag writer finds the hashes gone and flags nothing.
 */
export async function lockPhotoFiles(tx: Transaction, userId: string, purpose: "delete" | "flag"): Promise<void> {
  const key = `photo-files:${userId}`;
  if (purpose === "delete") await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  else await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${key}))`);
}

/**
 * Of the other accounts' photos a lookup found, those that still have their hashes once their
 * owners' photo-files locks are held (shared, until the transaction that flags them ends).
 */
async function stillHashed<Found extends { otherUserId: string; otherPhotoUrl: string }>(
  tx: Transaction,
  found: Found[],
): Promise<Found[]> {
  if (found.length === 0) return found;
  for (const owner of new Set(found.map((other) => other.otherUserId))) await lockPhotoFiles(tx, owner, "flag");
  const rows = await tx
    .selectDistinct({ userId: photoHashes.userId, photoUrl: photoHashes.photoUrl })
    .from(photoHashes)
    .where(
      or(
        ...found.map((other) =>
          and(eq(photoHashes.userId, other.otherUserId), eq(photoHashes.photoUrl, other.otherPhotoUrl)),
        ),
      ),
    );
  const hashed = new Set(rows.map((row) => JSON.stringify([row.userId, row.photoUrl])));
  return found.filter((other) => hashed.has(JSON.stringify([other.otherUserId, other.otherPhotoUrl])));
}

/**
 * Runs `deleteFiles` under the person's photo-files lock (see lockPhotoFiles) with what must stay:
 * the current photos, and those a duplicate-photo flag points at, read under the lock.
 */
export async function deletingPhotoFiles<T>(
  db: Database,
  userId: string,
  deleteFiles: (keep: { current: readonly string[]; flagged: ReadonlySet<string> }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockPhotoFiles(tx, userId, "delete");
    const [current, flagged] = [(await findPhotoUrls(tx, userId)) ?? [], await flaggedPhotoUrls(tx, userId)];
    return deleteFiles({ current, flagged });
  });
}

/**
 * Deletes the hashes of photos no longer on the person's profile. None is needed (only current
 * photos are compared), and none normally exists: a new set's recording deletes the old set's,
 * a removal its photo's. This catches a recording that failed, before a sweep deletes files.
 */
export async function deleteHashesOfFormerPhotos(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPhotoHashes(tx, userId);
    await deleteHashesExcept(tx, userId, await currentPhotoUrls(tx, userId));
  });
}

/**
 * The person's current photos, under a share lock on their profile row until the transaction
 * ends: a removal, reorder or new set (which lock the row for update) waits until the hashes
 * written here are committed, and so removes the hashes of the photo it removes.
 */
async function currentPhotoUrls(tx: Transaction, userId: string): Promise<string[]> {
  const [profile] = await tx
    .select({ photoUrls: profiles.photoUrls })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("share");
  return profile?.photoUrls ?? [];
}

/** A photo's kept hashes as photo_hashes rows, first seen at `firstSeenAt`. */
function hashRows(userId: string, photoUrl: string, stored: bigint[], firstSeenAt: Date) {
  return stored.map((hash, variant) => {
    const [band0, band1, band2, band3] = hashBands(hash) as [number, number, number, number];
    return {
      userId,
      photoUrl,
      variant,
      hash,
      scheme: PHOTO_HASH_SCHEME,
      band0,
      band1,
      band2,
      band3,
      createdAt: firstSeenAt,
    };
  });
}

/**
 * The hashes of a current photo that has fewer than the check keeps (none: saved before the
 * duplicate check kept these hashes; some: saved before it kept more parts of a photo; or made by
 * an earlier PHOTO_HASH_SCHEME), and the duplicate check between it and the other accounts'
 * photos. The photo stays first seen when its hashes say (the earliest of those it has, of any
 * scheme), or else at `firstSeenAt` (when the photo was saved); the hashes it has of the present
 * scheme are kept as they are, as the same file gives the same hashes, and those of an earlier one
 * are replaced. As at an upload,
 * the flag goes on whichever photo was seen later (on this one when both were seen at the same
 * moment); here that may be the other account's, when it is a copy saved before this photo had
 * hashes to be found by.
 *
 * Written only while the photo is still among the person's current photos and still lacks
 * hashes, under the person's hash lock and a share lock on their profile (a new photo set waits
 * until this is written): run twice, by two instances, or beside an upload, it changes nothing
 * more. Answers whether it recorded hashes.
 */
export async function recordMissingPhotoHashes(
  db: Database,
  userId: string,
  photo: { photoUrl: string; stored: bigint[]; probes: Probe[] },
  firstSeenAt: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockPhotoHashes(tx, userId);
    if (!(await currentPhotoUrls(tx, userId)).includes(photo.photoUrl)) return false;
    const ofPhoto = and(eq(photoHashes.userId, userId), eq(photoHashes.photoUrl, photo.photoUrl));
    const [hashed] = await tx
      .select({
        current: sql<number>`(count(*) filter (where ${photoHashes.scheme} = ${PHOTO_HASH_SCHEME}))::int`,
        firstSeenAt: sql<Date | null>`min(${photoHashes.createdAt})`.mapWith(photoHashes.createdAt),
      })
      .from(photoHashes)
      .where(ofPhoto);
    if ((hashed?.current ?? 0) >= photo.stored.length) return false;
    const seenAt = hashed?.firstSeenAt ?? firstSeenAt;
    // Hashes made an earlier way are replaced, variant for variant, by those of the file now.
    await tx.delete(photoHashes).where(and(ofPhoto, ne(photoHashes.scheme, PHOTO_HASH_SCHEME)));
    await tx
      .insert(photoHashes)
      .values(hashRows(userId, photo.photoUrl, photo.stored, seenAt))
      .onConflictDoNothing();
    const flags = (await stillHashed(tx, await findNearDuplicates(tx, userId, photo.probes))).map((other) =>
      other.firstSeenAt.getTime() > seenAt.getTime()
        ? {
            userId: other.otherUserId,
            photoUrl: other.otherPhotoUrl,
            otherUserId: userId,
            otherPhotoUrl: photo.photoUrl,
            distance: other.distance,
          }
        : {
            userId,
            photoUrl: photo.photoUrl,
            otherUserId: other.otherUserId,
            otherPhotoUrl: other.otherPhotoUrl,
            distance: other.distance,
          },
    );
    if (flags.length > 0) await tx.insert(duplicatePhotos).values(flags).onConflictDoNothing();
    return true;
  });
}

/**
 * Current photos of other accounts that any of `probes` finds (findsNearDuplicate), each once
 * with the nearest distance and when it first appeared on its account, in one statement.
 * Multi-index hashing: each probe's lookupKeys (a band and its value: each band as the probe has
 * it, and for a turned probe also with one of its uncertain bits flipped) read that band's
 * (band, hash) index at that value, and the hash beside each entry is compared with the probe
 * there, so only the indexes are read (about a 65,536th of the kept hashes per value, a couple of
 * hundred among eleven million). The few hashes near enough, usually none, are then read in full,
 * each by its own (band0, hash) index entry: `offset 0` keeps that step a lookup per hash, where
 * the planner, which cannot tell how few hashes pass the bit count, would otherwise join by
 * reading the whole table. The text never changes with the number of probes or keys (they travel
 * as arrays), so PostgreSQL plans it quickly.
 */
export async function findNearDuplicates(
  db: Pick<Database, "execute">,
  userId: string,
  probes: Probe[],
): Promise<{ otherUserId: string; otherPhotoUrl: string; distance: number; firstSeenAt: Date }[]> {
  if (probes.length === 0) return [];
  const keys = probes.flatMap((probe) =>
    lookupKeys(probe).map((key) => ({ ...key, hash: BigInt.asIntN(64, probe.hash) })),
  );
  const list = (values: (number | bigint)[]) => `{${values.join(",")}}`;
  const near = Array.from(
    { length: PHOTO_HASH_BANDS },
    (_, band) =>
      sql`select photo_hashes.hash from photo_hashes, probe
          where probe.band = ${band} and ${sql.raw(`band${band}`)} = probe.value
            and bit_count(int8send(photo_hashes.hash # probe.hash)) <= ${DUPLICATE_PHOTO_MAX_DISTANCE}`,
  );
  // Band 0 of each hash found, taken as hashBands takes it, to reach the hash's (band0, hash) entry.
  const nearBand0 = sql.raw(`((near.hash >> ${bandShift(0)}) & ${BAND_MASK})::int`);
  const rows = await db.execute<{ otherUserId: string; otherPhotoUrl: string; hash: string; firstSeenAt: string }>(
    sql`with probe as (select * from unnest(${list(keys.map((key) => key.band))}::int[],
          ${list(keys.map((key) => key.value))}::int[], ${list(keys.map((key) => key.hash))}::bigint[])
          as probe(band, value, hash)),
        near as (${sql.join(near, sql` union `)})
        select photo.user_id as "otherUserId", photo.photo_url as "otherPhotoUrl", near.hash::text as hash,
          photo.created_at as "firstSeenAt"
        from near cross join lateral (
          select user_id, photo_url, created_at from photo_hashes
          where band0 = ${nearBand0} and hash = near.hash and user_id <> ${userId}
          offset 0) photo`,
  );
  const signed = probes.map((probe) => BigInt.asIntN(64, probe.hash));
  const byPhoto = new Map<
    string,
    { otherUserId: string; otherPhotoUrl: string; distance: number; firstSeenAt: Date }
  >();
  for (const { otherUserId, otherPhotoUrl, hash, firstSeenAt } of rows.rows) {
    const distance = Math.min(...signed.map((probe) => hammingDistance(BigInt(hash), probe)));
    const key = JSON.stringify([otherUserId, otherPhotoUrl]);
    const known = byPhoto.get(key);
    if (!known || distance < known.distance)
      byPhoto.set(key, { otherUserId, otherPhotoUrl, distance, firstSeenAt: new Date(firstSeenAt) });
  }
  return [...byPhoto.values()];
}
