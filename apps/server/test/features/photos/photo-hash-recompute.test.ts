import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicatePhotos, photoHashes, users } from "../../../src/db/schema.ts";
import { PHOTO_HASH_RECOMPUTE_QUEUE, recomputeMissingPhotoHashes } from "../../../src/features/photos/jobs.ts";
import {
  KEPT_HASHES_PER_PHOTO,
  PHOTO_HASH_SCHEME,
  photoFingerprints,
} from "../../../src/features/photos/photo-hash.ts";
import { keyOfPhotoUrl, parsePhotoUrl, versionSavedAt } from "../../../src/features/photos/photo-keys.ts";
import { createInlineJobs, createPgBossJobs } from "../../../src/platform/jobs/jobs.ts";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import { createTestApp, createTestDatabase, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";
import { COPIES, realPhotograph } from "../../support/photo-copies.ts";

// Photos saved before the duplicate check kept its present hashes have none (the change deleted
// the old ones), so a copy of them went unseen. A job hashes them from their stored files,
// keeping the time each photo was saved as when it was first seen.

/** What the database holds of the duplicate check, in a stable order, to compare runs. */
async function checkState(t: TestApp) {
  const hashes = await t.db.select().from(photoHashes);
  const flags = await t.db.select().from(duplicatePhotos);
  return {
    hashes: hashes
      .map((row) => `${row.userId} ${row.photoUrl} ${row.variant} ${row.hash} ${row.createdAt.toISOString()}`)
      .sort(),
    flags: flags.map((row) => `${row.userId} ${row.photoUrl} ${row.otherUserId} ${row.otherPhotoUrl}`).sort(),
  };
}

/**
 * After a recompute of `userId`'s photos: each has the hashes of its stored file, of the present
 * scheme and in KEPT_PARTS order, first seen at `firstSeen`; running the job again changes nothing.
 * Returns the rows.
 */
async function expectHashedFromTheirFiles(
  t: TestApp,
  jobs: ReturnType<typeof createInlineJobs>,
  userId: string,
  urls: readonly string[],
  firstSeen: Date,
) {
  const rows = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, userId));
  expect(rows).toHaveLength(urls.length * KEPT_HASHES_PER_PHOTO);
  for (const [index, url] of urls.entries()) {
    const { stored } = await photoFingerprints((await t.app.storage.get(keyOfPhotoUrl(url) as string)) as Buffer);
    const photoRows = rows.filter((row) => row.photoUrl === url).sort((a, b) => a.variant - b.variant);
    expect(
      photoRows.map((row) => [row.hash, row.scheme]),
      `photo ${index}`,
    ).toEqual(stored.map((hash) => [hash, PHOTO_HASH_SCHEME]));
    for (const row of photoRows) expect(row.createdAt).toEqual(firstSeen);
  }
  const before = await checkState(t);
  await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
  expect(await checkState(t)).toEqual(before);
  return rows;
}

/**
 * A second account uploads another photograph and `original` shifted by 20 px: the copy alone is
 * flagged, against `victimId`'s `originalUrl`, and the victim is not.
 */
async function expectShiftedCopyFlagged(t: TestApp, original: Buffer, victimId: string, originalUrl: string) {
  const copier = await signUp(t.app);
  const copierUrls = await uploadPhotos(t.app, copier.cookie, [
    await realPhotograph("Storm"),
    await (COPIES["shift 20 px"] as (p: Buffer) => Promise<Buffer>)(original),
  ]);
  expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId))).toMatchObject([
    { photoUrl: copierUrls[1], otherUserId: victimId, otherPhotoUrl: originalUrl },
  ]);
  expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, victimId))).toEqual([]);
}

/** As the change of hashes left the database: no photo has any, and so no flag was ever made. */
async function forgetHashes(t: TestApp): Promise<void> {
  await t.db.delete(photoHashes);
  await t.db.delete(duplicatePhotos);
}

describe("recomputing the duplicate-check hashes of photos saved before them", () => {
  const jobs = createInlineJobs();
  let t: TestApp;
  let photograph: Buffer;
  let dune: Buffer;
  let storm: Buffer;
  let ladyBird: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: "moderator@example.com" }, undefined, undefined, { build: { jobs } });
    [photograph, dune, storm, ladyBird] = (await Promise.all(
      ["Aqua", "Dune", "Storm", "LadyBird"].map(realPhotograph),
    )) as [Buffer, Buffer, Buffer, Buffer];
  });

  it("hashes each photo from its file, first seen when it was saved, so a copy is flagged against the older upload; running again changes nothing", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const stranger = await signUp(t.app);
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [photograph, dune]);
    const copy = await (COPIES["crop 10 % (corner)"] as (photo: Buffer) => Promise<Buffer>)(photograph);
    const copierUrls = await uploadPhotos(t.app, copier.cookie, [storm, copy]);
    await uploadPhotos(t.app, stranger.cookie, [
      ladyBird,
      await (COPIES["crop 10 % (centre)"] as (p: Buffer) => Promise<Buffer>)(storm),
    ]);
    await forgetHashes(t);

    // The copier's photos are hashed before the victim's (the batch after the victim's id, when
    // the copier's id is greater), the order in which hashing time as "first seen" would turn
    // the flag onto the victim.
    if (copier.userId > victim.userId) {
      await recomputeMissingPhotoHashes({ db: t.db, storage: t.app.storage, log: t.app.log }, victim.userId, 100);
      const hashedFirst = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, copier.userId));
      expect(hashedFirst.length).toBeGreaterThan(0);
      expect(await t.db.select().from(photoHashes).where(eq(photoHashes.userId, victim.userId))).toEqual([]);
    }
    const started = new Date();
    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});

    // Every current photo of the three has all its hashes, first seen when its set was saved.
    for (const [person, urls] of [
      [victim, victimUrls],
      [copier, copierUrls],
    ] as const) {
      const rows = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, person.userId));
      expect(rows.length).toBe(urls.length * KEPT_HASHES_PER_PHOTO);
      for (const row of rows) {
        const savedAt = versionSavedAt(parsePhotoUrl(row.photoUrl)?.version ?? "");
        expect(row.createdAt.getTime()).toBe(savedAt?.getTime());
        expect(row.createdAt.getTime()).toBeLessThan(started.getTime());
      }
    }
    // The copy is flagged against the victim's photo, never the victim; the stranger's copy of the
    // copier's Storm is the later one, flagged against the copier.
    const flags = await t.db.select().from(duplicatePhotos);
    expect(flags.filter((flag) => flag.otherUserId === victim.userId)).toMatchObject([
      { userId: copier.userId, photoUrl: copierUrls[1], otherPhotoUrl: victimUrls[0] },
    ]);
    expect(flags.filter((flag) => flag.userId === victim.userId)).toEqual([]);
    expect(flags.filter((flag) => flag.userId === copier.userId).map((flag) => flag.otherUserId)).toEqual([
      victim.userId,
    ]);
    expect(flags.filter((flag) => flag.userId === stranger.userId).map((flag) => flag.otherUserId)).toEqual([
      copier.userId,
    ]);

    // Again, and twice at once (two instances): nothing changes.
    const before = await checkState(t);
    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
    await Promise.all([jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {}), jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {})]);
    expect(await checkState(t)).toEqual(before);

    // A copy uploaded now is flagged against the victim's photo (first seen at its old save).
    const later = await signUp(t.app);
    const laterUrls = await uploadPhotos(t.app, later.cookie, [
      await (COPIES["border 30 px"] as (p: Buffer) => Promise<Buffer>)(photograph),
      dune, // The victim's second photo, as it is: flagged as well.
    ]);
    const laterFlags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, later.userId));
    expect(
      laterFlags
        .filter((flag) => flag.otherUserId === victim.userId)
        .map((flag) => [flag.photoUrl, flag.otherPhotoUrl])
        .sort(),
    ).toEqual([
      [laterUrls[0], victimUrls[0]],
      [laterUrls[1], victimUrls[1]],
    ]);
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, victim.userId))).toEqual([]);
  }, 240_000);

  it("hashed by two runs at once, every photo is hashed once and flagged once, as by one", async () => {
    await forgetHashes(t);
    await Promise.all([jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {}), jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {})]);
    const twice = await checkState(t);
    await forgetHashes(t);
    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
    expect(await checkState(t)).toEqual(twice);
    expect(twice.flags.length).toBeGreaterThan(0);
  }, 240_000);

  it("a decision a moderator took is not undone by running it again, and a photo whose file is gone is passed over", async () => {
    const owner = await signUp(t.app);
    const copier = await signUp(t.app);
    const ownerUrls = await uploadPhotos(t.app, owner.cookie, [ladyBird, storm]);
    await uploadPhotos(t.app, copier.cookie, [
      dune,
      await (COPIES["crop 10 % (centre)"] as (p: Buffer) => Promise<Buffer>)(ladyBird),
    ]);
    await t.db.delete(photoHashes).where(inArray(photoHashes.userId, [owner.userId, copier.userId]));
    // The owner's second file is lost: the first is hashed, the second stays without.
    const [kept] = ownerUrls.map(keyOfPhotoUrl) as [string, string];
    const keptFile = (await t.app.storage.get(kept)) as Buffer;
    await t.app.storage.deletePrefix(kept.replace(/photo0\.jpg$/, ""));
    await t.app.storage.put(kept, keptFile, "image/jpeg");
    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
    const ownerRows = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, owner.userId));
    expect(new Set(ownerRows.map((row) => row.photoUrl))).toEqual(new Set([ownerUrls[0]]));

    const moderator = await signUp(t.app, { email: "moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));
    const decided = await t.app.inject({
      method: "POST",
      url: "/api/call/moderatePerson",
      headers: { cookie: moderator.cookie },
      payload: { data: { subjectId: copier.userId, action: "dismiss", reason: "Their own garden" } },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = await checkState(t);
    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
    expect(await checkState(t)).toEqual(after);
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId))).toEqual([]);
  }, 240_000);
});

describe("photos hashed before the 95 % corner crops were kept", () => {
  const jobs = createInlineJobs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, { build: { jobs } });
  });

  it("get the hashes they lack, first seen when their first hashes say, and a shifted copy of one is then flagged", async () => {
    const victim = await signUp(t.app);
    const [blinds, dune] = (await Promise.all(["Blinds", "Dune"].map(realPhotograph))) as [Buffer, Buffer];
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [blinds, dune]);
    // As the photos were kept before: their first seven hashes, seen first long ago.
    const longAgo = new Date("2026-01-02T03:04:05.000Z");
    await t.db.delete(photoHashes).where(and(eq(photoHashes.userId, victim.userId), gte(photoHashes.variant, 7)));
    await t.db.update(photoHashes).set({ createdAt: longAgo }).where(eq(photoHashes.userId, victim.userId));
    const kept = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, victim.userId));
    expect(kept).toHaveLength(2 * 7);

    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
    // The new ones are those of its file, first seen as the seven it had, which stay as they were.
    const rows = await expectHashedFromTheirFiles(t, jobs, victim.userId, victimUrls, longAgo);
    for (const row of kept) expect(rows).toContainEqual(row);

    // A copy shifted by 20 px, which the seven hashes alone let pass, is flagged against the victim.
    await expectShiftedCopyFlagged(t, blinds, victim.userId, victimUrls[0] as string);
  }, 240_000);
});

describe("photos hashed an earlier way", () => {
  const jobs = createInlineJobs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, { build: { jobs } });
  });

  it("get their hashes made again the present way, first seen as before, and a copy the old hashes missed is then flagged", async () => {
    const victim = await signUp(t.app);
    const [wood, aqua] = (await Promise.all(["Wood", "Aqua"].map(realPhotograph))) as [Buffer, Buffer];
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [wood, aqua]);
    // As an earlier scheme left them: other hashes (here each with its twelve lowest bits
    // flipped), seen first long ago.
    const longAgo = new Date("2026-01-02T03:04:05.000Z");
    await t.db
      .update(photoHashes)
      .set({ scheme: PHOTO_HASH_SCHEME - 1, hash: sql`${photoHashes.hash} # 4095`, createdAt: longAgo })
      .where(eq(photoHashes.userId, victim.userId));

    await jobs.run(PHOTO_HASH_RECOMPUTE_QUEUE, {});
    await expectHashedFromTheirFiles(t, jobs, victim.userId, victimUrls, longAgo);
    await expectShiftedCopyFlagged(t, wood, victim.userId, victimUrls[0] as string);
  }, 240_000);
});

// Shared by the two servers below; dropped after both are closed (hooks after a file run last-first).
const shared = await createTestDatabase();
afterAll(() => shared.drop());

describe("the recompute on the job queue", () => {
  it("runs when a server starts, on pg-boss, and hashes the photos left without", async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), "sams-web-recompute-")));
    // A first server (jobs inline) saves the photos; their hashes are then lost, as at the change.
    const first = await createTestApp({}, undefined, undefined, {
      database: shared,
      build: { storage, jobs: createInlineJobs() },
    });
    const person = await signUp(first.app);
    const urls = await uploadPhotos(first.app, person.cookie, [
      await realPhotograph("Garden"),
      await realPhotograph("RainDrops"),
    ]);
    await shared.db.delete(photoHashes);

    // A server starting with the job queue hashes them, without anyone asking.
    const jobs = await createPgBossJobs({ connectionString: shared.url, stopTimeoutMs: 5_000 });
    try {
      await createTestApp({}, undefined, undefined, { database: shared, build: { storage, jobs } });
      const hashed = async () =>
        (await shared.db.select().from(photoHashes).where(eq(photoHashes.userId, person.userId))).length;
      while ((await hashed()) < urls.length * 7) await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await shared.db.select().from(photoHashes).where(eq(photoHashes.userId, person.userId));
      expect(new Set(rows.map((row) => row.photoUrl))).toEqual(new Set(urls));
    } finally {
      await jobs.stop();
    }
  }, 240_000);
});
