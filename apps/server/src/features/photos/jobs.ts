import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Jobs } from "../../platform/jobs/jobs.ts";
import type { StorageDriver } from "../../platform/storage/storage.ts";
import { photosWithoutHashes } from "./data.ts";
import { recordMissingPhotoHashes } from "./mutations.ts";
import { photoFingerprints } from "./photo-hash.ts";
import { keyOfPhotoUrl, parsePhotoUrl, versionSavedAt } from "./photo-keys.ts";

/**
 * Current photos without duplicate-check hashes get them from their stored files: photos saved
 * before the hashes changed (the change deleted the old ones), or whose hashing failed at upload.
 */
export const PHOTO_HASH_RECOMPUTE_QUEUE = "photos-hash-recompute";
/** Every run of the recompute (at start, daily, and each next batch) shares one key: one runs at a time. */
const RECOMPUTE_KEY = "all";
/** People per run: a run of up to 50 photos (about 0.2 s of hashing each) ends well within its expiry. */
const RECOMPUTE_PEOPLE_PER_RUN = 10;
/** Daily at 04:43 UTC, a quiet hour, after a start-up run; most days it finds nothing. */
const RECOMPUTE_CRON = "43 4 * * *";
const RECOMPUTE_JOB = { policy: "stately", expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 60 } as const;

interface PhotoJobDeps {
  db: Database;
  storage: StorageDriver;
  jobs: Jobs;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
}

/**
 * One batch of the recompute: up to `limit` people after `after` (by id) with photos lacking
 * hashes. Each photo keeps the time it was saved (its version's name) as when it was first seen,
 * so between it and a copy the older upload stays the original; a photo whose version does not
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
}
