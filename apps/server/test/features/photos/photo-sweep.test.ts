import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicatePhotos, photoHashes, users } from "../../../src/db/schema.ts";
import {
  PHOTO_SWEEP_ALL_QUEUE,
  PHOTO_SWEEP_GRACE_MS,
  PHOTO_SWEEP_QUEUE,
  sweepPhotoFiles,
} from "../../../src/features/photos/jobs.ts";
import {
  keyOfPhotoUrl,
  newVersion,
  photoKey,
  photosPrefix,
  USERS_PREFIX,
} from "../../../src/features/photos/photo-keys.ts";
import { createInlineJobs, type Jobs } from "../../../src/platform/jobs/jobs.ts";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import type { StorageDriver } from "../../../src/platform/storage/storage.ts";
import { type FakeS3, startFakeS3 } from "../../support/fake-s3.ts";
import { createTestApp, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";
import { COPIES, realPhotograph } from "../../support/photo-copies.ts";

// Files a duplicate-photo flag keeps (a replaced photo the flag points at) are evidence until a
// moderator decides; after the decision a job deletes them, and nothing else.

describe("sweeping photo files after a moderator's decision", () => {
  const inline = createInlineJobs();
  const sent: { name: string; data: object }[] = [];
  // The inline queue, noting what is queued.
  const jobs: Jobs = {
    ...inline,
    send: async (name, data, options) => {
      sent.push({ name, data: data ?? {} });
      return inline.send(name, data, options);
    },
  };
  let t: TestApp;
  let photos: Record<"aqua" | "dune" | "storm" | "ladyBird" | "garden" | "rainDrops", Buffer>;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: "moderator@example.com" }, undefined, undefined, { build: { jobs } });
    const names = ["Aqua", "Dune", "Storm", "LadyBird", "Garden", "RainDrops"] as const;
    const [aqua, dune, storm, ladyBird, garden, rainDrops] = (await Promise.all(names.map(realPhotograph))) as Buffer[];
    photos = { aqua, dune, storm, ladyBird, garden, rainDrops } as typeof photos;
  });

  const stored = async (userId: string) => (await t.app.storage.list(photosPrefix(userId))).sort();
  const keysOf = (urls: string[]) => urls.map((url) => keyOfPhotoUrl(url) as string).sort();
  /** After the grace a save in flight is given: what a sweep an hour and more later deletes. */
  const later = () => Date.now() + PHOTO_SWEEP_GRACE_MS + 60_000;
  const moderate = (cookie: string, subjectId: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/call/moderatePerson",
      headers: { cookie },
      payload: { data: { subjectId, action: "dismiss", reason: "Looked at both" } },
    });

  it("keeps both flagged pictures while the decision is pending, deletes them after it, and nothing else", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const member = await signUp(t.app);
    const moderator = await signUp(t.app, { email: "moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));

    const victimFirst = await uploadPhotos(t.app, victim.cookie, [photos.aqua, photos.dune]);
    const crop = COPIES["crop 10 % (centre)"] as (photo: Buffer) => Promise<Buffer>;
    const copierFirst = await uploadPhotos(t.app, copier.cookie, [await crop(photos.aqua), photos.storm]);
    const [flag] = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
    expect(flag).toMatchObject({ photoUrl: copierFirst[0], otherUserId: victim.userId, otherPhotoUrl: victimFirst[0] });
    // Both replace their photos; the flagged pictures' versions are kept for the moderator.
    const copierNow = await uploadPhotos(t.app, copier.cookie, [photos.ladyBird, photos.garden]);
    const victimNow = await uploadPhotos(t.app, victim.cookie, [photos.dune, photos.rainDrops]);
    expect(await stored(copier.userId)).toEqual(keysOf([...copierFirst, ...copierNow]));
    expect(await stored(victim.userId)).toEqual(keysOf([...victimFirst, ...victimNow]));

    // While the decision is pending a sweep deletes only what no flag points at.
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, copier.userId, later())).deleted).toBe(1);
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, victim.userId, later())).deleted).toBe(1);
    expect(await stored(copier.userId)).toEqual(keysOf([copierFirst[0] as string, ...copierNow]));
    expect(await stored(victim.userId)).toEqual(keysOf([victimFirst[0] as string, ...victimNow]));
    for (const url of [flag?.photoUrl, flag?.otherPhotoUrl]) {
      const photo = await t.app.inject({ method: "GET", url: url as string, headers: { cookie: moderator.cookie } });
      expect(photo.statusCode, url).toBe(200);
    }

    // A member cannot decide (the route does not exist for them), so nothing is swept.
    sent.length = 0;
    const refused = await moderate(member.cookie, copier.userId);
    expect(refused.statusCode).toBe(404);
    expect(sent).toEqual([]);
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId))).toHaveLength(1);

    // The moderator's decision queues the sweep of both people's files.
    const decided = await moderate(moderator.cookie, copier.userId);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(sent.filter((job) => job.name === PHOTO_SWEEP_QUEUE).map((job) => job.data)).toEqual(
      expect.arrayContaining([{ userId: copier.userId }, { userId: victim.userId }]),
    );
    // Those queued sweeps ran at once (inline) within the grace of these minutes-old saves, so
    // each queued itself again for when the grace of the files it had to leave is over, not for
    // the daily sweep; run then, it deletes the evidence files.
    for (const person of [copier, victim]) {
      const again = inline.delayed.filter(
        (job) => job.name === PHOTO_SWEEP_QUEUE && (job.data as { userId?: string }).userId === person.userId,
      );
      expect(again).toHaveLength(1);
      const at = (again[0] as { startAfter: Date }).startAfter.getTime();
      expect(at).toBeGreaterThan(Date.now() + PHOTO_SWEEP_GRACE_MS - 10 * 60_000);
      expect(at).toBeLessThanOrEqual(Date.now() + PHOTO_SWEEP_GRACE_MS + 1_000);
      expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, person.userId, at)).deleted).toBe(1);
    }
    expect(await stored(copier.userId)).toEqual(keysOf(copierNow));
    expect(await stored(victim.userId)).toEqual(keysOf(victimNow));
    for (const url of [flag?.photoUrl, flag?.otherPhotoUrl]) {
      const photo = await t.app.inject({ method: "GET", url: url as string, headers: { cookie: moderator.cookie } });
      expect(photo.statusCode, url).toBe(404);
    }
    // The database is as the decision left it: no flag, and each person's current photos with their hashes.
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId))).toEqual([]);
    for (const [person, urls] of [
      [copier, copierNow],
      [victim, victimNow],
    ] as const) {
      const hashed = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, person.userId));
      expect(new Set(hashed.map((row) => row.photoUrl))).toEqual(new Set(urls));
      for (const url of urls) {
        const photo = await t.app.inject({ method: "GET", url, headers: { cookie: person.cookie } });
        expect(photo.statusCode, url).toBe(200);
      }
    }
    // Again: nothing more.
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, copier.userId, later())).deleted).toBe(0);
    await inline.run(PHOTO_SWEEP_ALL_QUEUE, {});
    expect(await stored(copier.userId)).toEqual(keysOf(copierNow));
  }, 240_000);

  it("leaves the files of a save still on its way (written, not yet in the profile) until the grace is over", async () => {
    const person = await signUp(t.app);
    const current = await uploadPhotos(t.app, person.cookie, [photos.garden, photos.storm]);
    const inFlight = photoKey(person.userId, newVersion(), 0);
    await t.app.storage.put(inFlight, photos.garden, "image/jpeg");
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, person.userId)).deleted).toBe(0);
    await inline.run(PHOTO_SWEEP_ALL_QUEUE, {});
    expect(await stored(person.userId)).toEqual(keysOf(current).concat(inFlight).sort());
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, person.userId, later())).deleted).toBe(1);
    expect(await stored(person.userId)).toEqual(keysOf(current));
  }, 120_000);
});

describe("the daily sweep of everyone's photo files", () => {
  const jobs = createInlineJobs();
  let listings = 0;
  let t: TestApp;
  beforeAll(async () => {
    const local = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), "sams-web-sweep-all-")));
    // The store, counting its listing requests (each one a LIST request to S3).
    const storage: StorageDriver = {
      ...local,
      list: (prefix) => {
        listings += 1;
        return local.list(prefix);
      },
      listPage: (prefix, after, limit) => {
        listings += 1;
        return local.listPage(prefix, after, limit);
      },
    };
    t = await createTestApp({}, undefined, undefined, { build: { storage, jobs } });
  });

  it("lists the store once for everyone's files, not once per person, and deletes only what nothing needs", async () => {
    const [garden, storm] = (await Promise.all(["Garden", "Storm"].map(realPhotograph))) as [Buffer, Buffer];
    const withPhotos = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const current = await Promise.all(withPhotos.map((person) => uploadPhotos(t.app, person.cookie, [garden, storm])));
    // People without any photo file: nothing to list for them.
    await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app), signUp(t.app)]);
    const [first, second] = withPhotos as [{ userId: string }, { userId: string }, { userId: string }];
    // A file a failed save left two hours ago, and one of a save on its way now.
    const leftBehind = photoKey(first.userId, newVersion(Date.now() - 2 * PHOTO_SWEEP_GRACE_MS), 0);
    const onItsWay = photoKey(second.userId, newVersion(), 0);
    await t.app.storage.put(leftBehind, garden, "image/jpeg");
    await t.app.storage.put(onItsWay, storm, "image/jpeg");

    listings = 0;
    await jobs.run(PHOTO_SWEEP_ALL_QUEUE, {});
    expect(listings).toBe(1);
    expect(await t.app.storage.list(photosPrefix(first.userId))).toEqual(
      (current[0] as string[]).map((url) => keyOfPhotoUrl(url) as string).sort(),
    );
    expect(await t.app.storage.list(photosPrefix(second.userId))).toEqual(
      [...(current[1] as string[]).map((url) => keyOfPhotoUrl(url) as string), onItsWay].sort(),
    );
  }, 240_000);
});

// The daily sweep asks the store for 1,000 keys a page (S3's most). A person's files can end one
// page and begin the next; and a store may answer fewer keys than asked while it has more.
const DAILY_SWEEP_PAGE = 1000;
/** What the fake S3 answers a page, whatever is asked: a short page that is not the last. */
const S3_KEYS_PER_PAGE = 3;

describe.each(["local storage", "S3"] as const)("the daily sweep on %s, page after page", (store) => {
  const jobs = createInlineJobs();
  let t: TestApp;
  let s3: FakeS3 | undefined;
  beforeAll(async () => {
    if (store === "S3") {
      const directory = await mkdtemp(path.join(os.tmpdir(), "sams-web-sweep-s3-"));
      s3 = await startFakeS3({ directory, buckets: ["photos"], maxKeysPerPage: S3_KEYS_PER_PAGE });
      t = await createTestApp(s3.env("photos"), undefined, undefined, { build: { jobs } });
    } else {
      t = await createTestApp({}, undefined, undefined, { build: { jobs } });
    }
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("goes on to the store's last page, deletes what nobody needs on each, and keeps every file still in use, also of a person whose files are on two pages", async () => {
    const [garden, storm] = (await Promise.all(["Garden", "Storm"].map(realPhotograph))) as [Buffer, Buffer];
    const signedUp = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    // In key order, which is the order of their ids.
    const people = signedUp.sort((a, b) => (a.userId < b.userId ? -1 : 1));
    const urls = await Promise.all(people.map((person) => uploadPhotos(t.app, person.cookie, [garden, storm])));
    const current = urls.map((list) => list.map((url) => keyOfPhotoUrl(url) as string).sort());
    // Each left the three files of a save that failed two hours ago; the second is saving now.
    const twoHoursAgo = Date.now() - 2 * PHOTO_SWEEP_GRACE_MS;
    const leftBehind = people.flatMap(({ userId }) => {
      const version = newVersion(twoHoursAgo);
      return [0, 1, 2].map((index) => photoKey(userId, version, index));
    });
    for (const key of leftBehind) await t.app.storage.put(key, garden, "image/jpeg");
    const [first, second] = people as [{ userId: string }, { userId: string }, { userId: string }];
    const secondCurrent = current[1] as [string, string];
    const onItsWay = photoKey(second.userId, newVersion(), 0);
    await t.app.storage.put(onItsWay, storm, "image/jpeg");

    let keysPerPage = S3_KEYS_PER_PAGE;
    if (store === "local storage") {
      // Local storage answers full pages, so the first page is filled with more of the first
      // person's old leftovers, up to the second person's second photo.
      keysPerPage = DAILY_SWEEP_PAGE;
      const upTo = (await t.app.storage.list(USERS_PREFIX)).indexOf(secondCurrent[1]);
      const more = Array.from({ length: DAILY_SWEEP_PAGE - upTo }, (_, i) =>
        photoKey(first.userId, newVersion(twoHoursAgo - (i + 1) * 1000), 0),
      );
      for (const key of more) await t.app.storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
      leftBehind.push(...more);
    }
    const everything = await t.app.storage.list(USERS_PREFIX);
    const pageOf = (key: string) => Math.floor(everything.indexOf(key) / keysPerPage);
    // The second person's two photos are on two pages, and there are leftovers on the second.
    expect(pageOf(secondCurrent[1])).toBe(pageOf(secondCurrent[0]) + 1);
    expect(Math.max(...leftBehind.map(pageOf))).toBeGreaterThanOrEqual(pageOf(secondCurrent[1]));

    await jobs.run(PHOTO_SWEEP_ALL_QUEUE, {});
    expect(await t.app.storage.list(USERS_PREFIX)).toEqual([...current.flat(), onItsWay].sort());
    for (const [i, person] of people.entries()) {
      const hashed = await t.db.select().from(photoHashes).where(eq(photoHashes.userId, person.userId));
      expect(new Set(hashed.map((row) => row.photoUrl))).toEqual(new Set(urls[i]));
      for (const url of urls[i] as string[]) {
        const photo = await t.app.inject({ method: "GET", url, headers: { cookie: person.cookie } });
        expect(photo.statusCode, url).toBe(200);
      }
    }
  }, 240_000);
});
