import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PHOTOS_PATH } from "@sams-web/domain/photos/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicatePhotos, photoHashes, profiles } from "../../../src/db/schema.ts";
import {
  PHOTO_SWEEP_GRACE_MS,
  recomputeMissingPhotoHashes,
  sweepPhotoFiles,
} from "../../../src/features/photos/jobs.ts";
import { keyOfPhotoUrl, photosPrefix } from "../../../src/features/photos/photo-keys.ts";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import type { StorageDriver } from "../../../src/platform/storage/storage.ts";
import { createTestApp, putPhotos, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";
import { realPhotograph } from "../../support/photo-copies.ts";

// A save or removal of photos has steps after the profile points at the new set: recording the
// new photos' duplicate-check hashes, deleting files nothing needs. When one of them fails, the
// person is answered as if it had not (their photos are saved), nothing they still have is lost,
// and what is left over waits for the daily jobs: the sweep deletes the files, the recompute
// hashes the photos.

let t: TestApp;
/** People whose photo files cannot be deleted now: the store refuses (as one that is down would). */
const deletesRefused = new Set<string>();
const ownerOfKey = (key: string) => key.split("/")[1] ?? "";

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-photo-step-failures-"));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const local = createLocalStorage(dir);
  const storage: StorageDriver = {
    ...local,
    async delete(key) {
      if (deletesRefused.has(ownerOfKey(key))) throw new Error("the photo store is unreachable");
      return local.delete(key);
    },
    async deletePrefix(prefix) {
      if (deletesRefused.has(ownerOfKey(prefix))) throw new Error("the photo store is unreachable");
      return local.deletePrefix(prefix);
    },
  };
  t = await createTestApp({}, undefined, undefined, { build: { storage } });
  // The database refuses the hashes of the people in this table, as it would refuse any write
  // that fails (a full disk, a lost connection): the failure happens in PostgreSQL itself.
  await t.db.execute(sql`create table refused_hash_owners (user_id text primary key)`);
  await t.db.execute(
    sql.raw(`create function refuse_photo_hashes() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from refused_hash_owners where user_id = new.user_id) then
          raise exception 'photo_hashes write refused';
        end if;
        return new;
      end $$`),
  );
  await t.db.execute(
    sql`create trigger refuse_photo_hashes before insert on photo_hashes for each row execute function refuse_photo_hashes()`,
  );
});

const stored = async (userId: string) => (await t.app.storage.list(photosPrefix(userId))).sort();
const keysOf = (urls: readonly string[]) => urls.map((url) => keyOfPhotoUrl(url) as string).sort();
const hashedUrls = async (userId: string) =>
  new Set(
    (await t.db.select({ photoUrl: photoHashes.photoUrl }).from(photoHashes).where(eq(photoHashes.userId, userId))).map(
      (row) => row.photoUrl,
    ),
  );
const savedUrls = async (userId: string) =>
  (await t.db.select({ photoUrls: profiles.photoUrls }).from(profiles).where(eq(profiles.userId, userId)))[0]
    ?.photoUrls;
/** After the grace a save in flight is given: what the daily sweep deletes. */
const later = () => Date.now() + PHOTO_SWEEP_GRACE_MS + 60_000;
const served = async (cookie: string, url: string) =>
  (await t.app.inject({ method: "GET", url, headers: { cookie } })).statusCode;

describe("a new photo set whose hashes cannot be recorded", () => {
  it("is saved and answered as usual; the old files stay for the sweep, and the recompute hashes the new photos", async () => {
    const person = await signUp(t.app);
    const [aqua, dune, storm, ladyBird, garden] = await Promise.all(
      ["Aqua", "Dune", "Storm", "LadyBird", "Garden"].map(realPhotograph),
    );
    const before = await uploadPhotos(t.app, person.cookie, [aqua as Buffer, dune as Buffer]);
    expect(await hashedUrls(person.userId)).toEqual(new Set(before));

    await t.db.execute(sql`insert into refused_hash_owners values (${person.userId})`);
    const response = await putPhotos(t.app, person.cookie, [storm as Buffer, ladyBird as Buffer, garden as Buffer]);
    // Answered as any save is: the photos, and nothing of the database's refusal.
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(["photos"]);
    expect(response.body).not.toMatch(/refused|photo_hashes|exception/i);
    const now = (response.json() as { photos: string[] }).photos;
    expect(now).toHaveLength(3);
    expect(await savedUrls(person.userId)).toEqual(now);
    const listed = await t.app.inject({ method: "GET", url: PHOTOS_PATH, headers: { cookie: person.cookie } });
    expect(listed.json()).toEqual({ photos: now });
    for (const url of now) expect(await served(person.cookie, url), url).toBe(200);
    // The recording was one transaction: it wrote nothing, and deleted none of the old hashes,
    // so the old files were not deleted either (a photo's hashes go before its file).
    expect(await hashedUrls(person.userId)).toEqual(new Set(before));
    expect(await stored(person.userId)).toEqual(keysOf([...before, ...now]));
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, person.userId))).toEqual([]);

    // The daily jobs, once the database takes hashes again: the sweep deletes the old hashes and
    // files and nothing else; the recompute hashes each new photo.
    await t.db.execute(sql`delete from refused_hash_owners where user_id = ${person.userId}`);
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, person.userId, later())).deleted).toBe(2);
    expect(await stored(person.userId)).toEqual(keysOf(now));
    expect(await hashedUrls(person.userId)).toEqual(new Set());
    const silent = { info: () => {}, warn: () => {} };
    await recomputeMissingPhotoHashes({ db: t.db, storage: t.app.storage, log: silent }, "", 1000);
    expect(await hashedUrls(person.userId)).toEqual(new Set(now));
    for (const url of now) expect(await served(person.cookie, url), url).toBe(200);
  }, 120_000);
});

describe("a removed photo whose file cannot be deleted", () => {
  it("is removed and answered as usual; its file stays until the sweep, and the other photos are untouched", async () => {
    const person = await signUp(t.app);
    const [rainDrops, twoWings, greenMeadow] = await Promise.all(
      ["RainDrops", "TwoWings", "GreenMeadow"].map(realPhotograph),
    );
    const [first, removed, third] = (await uploadPhotos(t.app, person.cookie, [
      rainDrops as Buffer,
      twoWings as Buffer,
      greenMeadow as Buffer,
    ])) as [string, string, string];

    deletesRefused.add(person.userId);
    const response = await t.app.inject({ method: "DELETE", url: removed, headers: { cookie: person.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ photos: [first, third] });
    expect(await savedUrls(person.userId)).toEqual([first, third]);
    // Its hashes went with it (in the removal's own transaction); its file is still there.
    expect(await hashedUrls(person.userId)).toEqual(new Set([first, third]));
    expect(await stored(person.userId)).toEqual(keysOf([first, removed, third]));
    expect(await served(person.cookie, removed)).toBe(404);
    for (const url of [first, third]) expect(await served(person.cookie, url), url).toBe(200);

    // Once the store deletes again, the daily sweep deletes that file and nothing else.
    deletesRefused.delete(person.userId);
    expect((await sweepPhotoFiles({ db: t.db, storage: t.app.storage }, person.userId, later())).deleted).toBe(1);
    expect(await stored(person.userId)).toEqual(keysOf([first, third]));
    for (const url of [first, third]) expect(await served(person.cookie, url), url).toBe(200);
  }, 120_000);
});
