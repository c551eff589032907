import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Jobs } from "../../platform/jobs/jobs.ts";
import type { StorageDriver } from "../../platform/storage/storage.ts";
import { photosWithoutHashes } from "./data.ts";
import { deleteHashesOfFormerPhotos, deletingPhotoFiles, recordMissingPhotoHashes } from "./mutations.ts";
import { photoFingerprints } from "./photo-hash.ts";
import {
  keyOfPhotoUrl,
  ownerOfPhotoKey,
  parsePhotoUrl,
  photosPrefix,
  USERS_PREFIX,
  versionSavedAt,
} from "./photo-keys.ts";

/**
 * Current photos without all their duplicate-check hashes get them from their stored files: photos
 * saved before the hashes changed (the change deleted the old ones) or before more parts of each
 * photo were kept, or whose hashing failed at upload.
 */
export const PHOTO_HASH_RECOMPUTE_QUEUE = "photos-hash-recompute";
/** Every run of the recompute (at start, daily, and each next batch) shares one key: one runs at a time. */
const RECOMPUTE_KEY = "all";
/** People per run: a run of up to 50 photos (about 0.2 s of hashing each) ends well within its expiry. */
const RECOMPUTE_PEOPLE_PER_RUN = 10;
/** Daily at 04:43 UTC, a quiet hour, after a start-up run; most days it finds nothing. */
const RECOMPUTE_CRON = "43 4 * * *";
const RECOMPUTE_JOB = { policy: "stately", expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 60 } as const;

/**
 * One person's photo files that nothing needs any more are deleted: a file stays while it is one
 * of their current photos or a duplicate-photo flag points at it (evidence until a moderator
 * decides). Queued for the people a decision's closed flags concerned, one waiting and one
 * running per person.
 */
export const PHOTO_SWEEP_QUEUE = "photos-sweep";
/**
 * Every stored photo file, daily: what a lost decision's sweep missed. The store is walked in
 * pages of keys (one listing request each on S3), and only the people a page holds files of are
 * swept, against those files: a person with no files costs nothing, and nobody's folder is listed
 * on its own.
 */
export const PHOTO_SWEEP_ALL_QUEUE = "photos-sweep-all";
const SWEEP_ALL_KEY = "all";
/** Keys asked for per run: one S3 listing page (its most), about 200 people's photo sets. */
const SWEEP_KEYS_PER_RUN = 1000;
/** Daily at 05:13 UTC, a quiet hour. */
const SWEEP_ALL_CRON = "13 5 * * *";
const SWEEP_JOB = { policy: "stately", expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 60 } as const;
/**
 * A save writes its files before the profile points at them: files of a version saved this
 * recently may belong to a save still on its way, so they are left for a later sweep.
 */
export const PHOTO_SWEEP_GRACE_MS = 60 * 60 * 1000;

interface PhotoJobDeps {
  db: Database;
  storage: StorageDriver;
  jobs: Jobs;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
}

/**
 * One batch of the recompute: up to `limit` people after `after` (by id) with photos lacking
 * hashes. A photo keeps when its hashes say it was first seen, and one without any the time it was
 * saved (its version's name), so between it and a copy the older upload stays the original; a photo whose version does not
 * tell (one the app did not save) counts from when its profile was made. A photo whose file is
 * missing or unreadable is left without hashes (and logged); the batch moves on past it.
 * Answers the last person looked at when there may be more, else null.
 */
export async function recomputeMissingPhotoHashes(
  deps: Omit<PhotoJobDeps, "jobs">,
  after: string,
  limit: number,
): Promise<{ recorded: number; unreadable: number; last: string | null }> {
  const { db, storage, log } = deps;
  const people = await photosWithoutHashes(db, after, limit);
  let recorded = 0;
  let unreadable = 0;
  for (const person of people) {
    for (const photoUrl of person.photoUrls) {
      const parsed = parsePhotoUrl(photoUrl);
      const key = keyOfPhotoUrl(photoUrl);
      const file = parsed?.userId === person.userId && key ? await storage.get(key) : null;
      const fingerprints = file ? await photoFingerprints(file).catch(() => null) : null;
      if (!parsed || !fingerprints) {
        unreadable += 1;
        log.warn({ userId: person.userId, photoUrl }, "a photo without duplicate-check hashes has no readable file");
        continue;
      }
      const firstSeenAt = versionSavedAt(parsed.version) ?? person.profileCreatedAt;
      if (await recordMissingPhotoHashes(db, person.userId, { photoUrl, ...fingerprints }, firstSeenAt)) recorded += 1;
    }
  }
  return { recorded, unreadable, last: people.length === limit ? (people.at(-1)?.userId ?? null) : null };
}

/**
 * Deletes the person's photo files that are neither current nor pointed at by a duplicate-photo
 * flag (about them, or about someone else's copy of them), leaving any of a version saved within
 * PHOTO_SWEEP_GRACE_MS. Answers how many files it deleted and, when it left files for their
 * grace, when the first of those may be swept (`graceOverAt`); running it again deletes nothing
 * more. `listed`, when given, are the files to look at (of this person, listed by the caller
 * before this call, as this call would list them itself before taking the lock).
 */
export async function sweepPhotoFiles(
  deps: Pick<PhotoJobDeps, "db" | "storage">,
  userId: string,
  now = Date.now(),
  listed?: readonly string[],
): Promise<{ deleted: number; graceOverAt: Date | null }> {
  const { db, storage } = deps;
  const keys = listed ?? (await storage.list(photosPrefix(userId)));
  if (keys.length === 0) return { deleted: 0, graceOverAt: null };
  // A photo's hashes go before its file (see deletingPhotoFiles).
  await deleteHashesOfFormerPhotos(db, userId);
  return deletingPhotoFiles(db, userId, async ({ current, flagged }) => {
    const needed = new Set([...current, ...flagged].map(keyOfPhotoUrl));
    let deleted = 0;
    let graceOverAt: number | null = null;
    for (const key of keys) {
      if (needed.has(key)) continue;
      const version = key.slice(photosPrefix(userId).length).split("/")[0] ?? "";
      const savedAt = versionSavedAt(version);
      if (savedAt && now - savedAt.getTime() < PHOTO_SWEEP_GRACE_MS) {
        const over = savedAt.getTime() + PHOTO_SWEEP_GRACE_MS;
        graceOverAt = graceOverAt === null ? over : Math.min(graceOverAt, over);
        continue;
      }
      await storage.delete(key);
      deleted += 1;
    }
    return { deleted, graceOverAt: graceOverAt === null ? null : new Date(graceOverAt) };
  });
}

/** Queues the sweep of each person's photo files (after a decision closed flags about them). */
export async function queuePhotoSweeps(jobs: Jobs, userIds: readonly string[]): Promise<void> {
  for (const userId of userIds) await jobs.send(PHOTO_SWEEP_QUEUE, { userId }, { singletonKey: userId });
}

export async function registerPhotoJobs(deps: PhotoJobDeps): Promise<void> {
  const { jobs, log } = deps;
  await jobs.work<{ after?: string }>(
    PHOTO_HASH_RECOMPUTE_QUEUE,
    async ({ after = "" }) => {
      const { recorded, unreadable, last } = await recomputeMissingPhotoHashes(deps, after, RECOMPUTE_PEOPLE_PER_RUN);
      if (recorded + unreadable > 0) log.info({ recorded, unreadable }, "photo hashes recomputed");
      if (last !== null) {
        await jobs.send(PHOTO_HASH_RECOMPUTE_QUEUE, { after: last }, { singletonKey: RECOMPUTE_KEY });
      }
    },
    RECOMPUTE_JOB,
  );
  await jobs.schedule(PHOTO_HASH_RECOMPUTE_QUEUE, RECOMPUTE_CRON, { runAtStart: true, singletonKey: RECOMPUTE_KEY });

  await jobs.work<{ userId: string }>(
    PHOTO_SWEEP_QUEUE,
    async ({ userId }) => {
      const { deleted, graceOverAt } = await sweepPhotoFiles(deps, userId);
      if (deleted > 0) log.info({ userId, deleted }, "photo files no longer needed were deleted");
      // A decision usually comes minutes after the uploads it judged: the files it freed are
      // swept once their grace is over, not left for the daily sweep. (While this run waits, a
      // later decision's sweep of the same person is that run: it sweeps what both freed.)
      if (graceOverAt)
        await jobs.send(PHOTO_SWEEP_QUEUE, { userId }, { singletonKey: userId, startAfter: graceOverAt });
    },
    SWEEP_JOB,
  );
  await jobs.work<{ cursor?: string }>(
    PHOTO_SWEEP_ALL_QUEUE,
    async ({ cursor = null }) => {
      const { keys, next } = await deps.storage.listPage(USERS_PREFIX, cursor, SWEEP_KEYS_PER_RUN);
      const byOwner = new Map<string, string[]>();
      for (const key of keys) {
        const owner = ownerOfPhotoKey(key);
        if (!owner) continue;
        const owned = byOwner.get(owner);
        if (owned) owned.push(key);
        else byOwner.set(owner, [key]);
      }
      let deleted = 0;
      // A person whose files run on into the next page is swept there for the rest of them.
      for (const [userId, listed] of byOwner)
        deleted += (await sweepPhotoFiles(deps, userId, Date.now(), listed)).deleted;
      if (deleted > 0) log.info({ deleted }, "photo files no longer needed were deleted");
      // The store says whether there is more; a short page (a store may answer fewer keys than
      // asked) is not the end.
      if (next !== null) await jobs.send(PHOTO_SWEEP_ALL_QUEUE, { cursor: next }, { singletonKey: SWEEP_ALL_KEY });
    },
    SWEEP_JOB,
  );
  await jobs.schedule(PHOTO_SWEEP_ALL_QUEUE, SWEEP_ALL_CRON, { singletonKey: SWEEP_ALL_KEY });
}
