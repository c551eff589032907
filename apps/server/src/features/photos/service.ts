import { PHOTOS_MAX, PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/db/database-plugin.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RealtimeBus } from "../../platform/realtime/bus.ts";
import type { StorageDriver } from "../../platform/storage/storage.ts";
import { findPhotoUrls, flaggedPhotoUrls, hasLiveMatch, photoViewersOf } from "./data.ts";
import { deletingPhotoFiles, recordPhotoHashes, removePhotoUrl, reorderPhotoUrls, swapPhotoUrls } from "./mutations.ts";
import { sanitizePhoto } from "./photo-files.ts";
import { photoFingerprints } from "./photo-hash.ts";
import {
  newVersion,
  PHOTO_URL_PREFIX,
  parsePhotoUrl,
  photoKey,
  photoUrl,
  userPrefix,
  versionPrefix,
} from "./photo-keys.ts";

export function createPhotoService(deps: {
  db: Database;
  bus: RealtimeBus;
  storage: StorageDriver;
  log: FastifyBaseLogger;
}) {
  const { db, bus, storage, log } = deps;

  /** The owner's other tabs, and everyone shown the owner's photos, see the set as it is now. */
  const tellViewers = async (userId: string) => {
    await bus.publish(userId, { topic: "photos" });
    await bus.publish(userId, { topic: "profile" });
    for (const viewer of await photoViewersOf(db, userId)) await bus.publish(viewer, { topic: "matches" });
  };

  return {
    async list(userId: string): Promise<string[]> {
      return (await findPhotoUrls(db, userId)) ?? [];
    },

    /**
     * Replaces the whole set. New files go under a fresh version prefix; only when all are
     * stored does one transaction point the profile at them; then the old version is removed.
     * A failure before the switch removes the new files and leaves the old set in place; a
     * failure after it leaves the new set in place (old files at worst linger, unreferenced).
     */
    async replace(userId: string, uploads: Buffer[]): Promise<string[]> {
      if (uploads.length < PHOTOS_MIN) throw new AppError("INVALID_ARGUMENT", "tooFewPhotos");
      if (uploads.length > PHOTOS_MAX) throw new AppError("INVALID_ARGUMENT", "tooManyPhotos");
      const clean: Buffer[] = [];
      for (const upload of uploads) clean.push(await sanitizePhoto(upload));
      const fingerprints = await Promise.all(clean.map(photoFingerprints));

      const version = newVersion();
      const prefix = versionPrefix(userId, version);
      const discardNew = () =>
        storage.deletePrefix(prefix).catch((error) => log.error({ err: error }, "could not remove unused photos"));
      try {
        for (const [index, data] of clean.entries()) {
          await storage.put(photoKey(userId, version, index), data, "image/jpeg");
        }
      } catch (error) {
        log.error({ err: error }, "photo storage failed");
        await discardNew();
        throw new AppError("UNAVAILABLE", "photosSaveFailed");
      }

      const urls = clean.map((_, index) => photoUrl(userId, version, index));
      let previous: string[] | null;
      try {
        previous = await swapPhotoUrls(db, userId, urls);
      } catch (error) {
        await discardNew();
        throw error;
      }
      if (previous === null) {
        await discardNew();
        throw new AppError("NOT_FOUND", "profileNotFound");
      }

      // The catfish check: the new set's hashes, and a flag for moderators on any photo that
      // looks like another account's. The photos are saved either way.
      const hashed = await recordPhotoHashes(
        db,
        userId,
        urls.map((photoUrl, index) => ({
          photoUrl,
          ...(fingerprints[index] as Awaited<ReturnType<typeof photoFingerprints>>),
        })),
      ).then(
        () => true,
        (error: unknown) => {
          log.error({ err: error }, "could not check the photos for duplicates");
          return false;
        },
      );

      // The replaced photos' files go once their hashes are gone (the recording above deletes
      // them; if it failed, the daily sweep deletes both later). A version with a photo a
      // duplicate-photo flag points at stays for the moderator.
      if (hashed) {
        await deletingPhotoFiles(db, userId, async ({ flagged }) => {
          const keptVersions = new Set([...flagged].map((url) => parsePhotoUrl(url)?.version));
          const oldVersions = new Set(
            previous.flatMap((url) => {
              const parsed = parsePhotoUrl(url);
              return parsed &&
                parsed.userId === userId &&
                parsed.version !== version &&
                !keptVersions.has(parsed.version)
                ? [parsed.version]
                : [];
            }),
          );
          for (const old of oldVersions) await storage.deletePrefix(versionPrefix(userId, old));
        }).catch((error: unknown) => log.error({ err: error }, "could not remove replaced photos"));
      }
      await tellViewers(userId);
      return urls;
    },

    /**
     * Puts the person's saved photos in a new order; the first is the main photo, the one the photo
     * review shows first. Only the order changes: the addresses, files and hashes stay as they are.
     */
    async reorder(userId: string, order: readonly string[]): Promise<string[]> {
      const outcome = await reorderPhotoUrls(db, userId, order);
      if (outcome === null) throw new AppError("NOT_FOUND", "profileNotFound");
      if (outcome === "stale") throw new AppError("ALREADY_EXISTS", "photoOrderStale");
      await tellViewers(userId);
      return outcome.photos;
    },

    /**
     * Removes one of the person's own current photos (`path` as its address names it), never below
     * PHOTOS_MIN. The file goes too, unless a duplicate-photo flag points at it: a moderator still
     * has to see that one (read() serves it to them until the flag is decided). An address of
     * anyone else's photo is answered as one that does not exist.
     */
    async remove(userId: string, path: { userId: string; version: string; file: string }): Promise<string[]> {
      const url = `${PHOTO_URL_PREFIX}${path.userId}/${path.version}/${path.file}`;
      const parsed = parsePhotoUrl(url);
      if (!parsed || parsed.userId !== userId) throw new AppError("NOT_FOUND", "photoNotFound");
      const outcome = await removePhotoUrl(db, userId, url);
      if (outcome === "notFound") throw new AppError("NOT_FOUND", "photoNotFound");
      if (outcome === "belowMinimum") throw new AppError("FAILED_PRECONDITION", "photoRemoveBelowMinimum");
      await deletingPhotoFiles(db, userId, async ({ flagged }) => {
        if (!flagged.has(url)) await storage.delete(`${versionPrefix(userId, parsed.version)}${parsed.file}`);
      }).catch((error: unknown) => log.error({ err: error }, "could not remove a removed photo's file"));
      await tellViewers(userId);
      return outcome.photos;
    },

    /** A current photo, for its owner, someone matched with them, or a moderator (`asModerator`). */
    async read(
      viewerId: string,
      path: { userId: string; version: string; file: string },
      asModerator = false,
    ): Promise<Buffer | null> {
      const url = `${PHOTO_URL_PREFIX}${path.userId}/${path.version}/${path.file}`;
      const parsed = parsePhotoUrl(url);
      if (!parsed) return null;
      const current = await findPhotoUrls(db, parsed.userId);
      // A replaced photo a duplicate-photo flag points at is still there for moderators.
      if (!current?.includes(url) && !(asModerator && (await flaggedPhotoUrls(db, parsed.userId)).has(url)))
        return null;
      if (viewerId !== parsed.userId && !asModerator && !(await hasLiveMatch(db, viewerId, parsed.userId))) return null;
      return storage.get(`${versionPrefix(parsed.userId, parsed.version)}${parsed.file}`);
    },

    /**
     * The person's current photo files for their data export, as stored (already stripped of
     * metadata): photos/photo{i}.jpg, numbered in the person's order (photo0 is the main photo),
     * whatever the stored files are called. Only ever the asking person's own set.
     */
    async exportEntries(userId: string): Promise<{ name: string; data: Buffer }[]> {
      const entries: { name: string; data: Buffer }[] = [];
      for (const url of (await findPhotoUrls(db, userId)) ?? []) {
        const parsed = parsePhotoUrl(url);
        if (!parsed || parsed.userId !== userId) continue;
        const data = await storage.get(`${versionPrefix(userId, parsed.version)}${parsed.file}`);
        if (data) entries.push({ name: `photos/photo${entries.length}.jpg`, data });
      }
      return entries;
    },

    async deleteAll(userId: string): Promise<void> {
      await storage.deletePrefix(userPrefix(userId));
    },
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
