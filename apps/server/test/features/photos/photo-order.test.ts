import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import { MATCHES_PATH } from "@sams-web/domain/matching/contracts";
import { PHOTO_ORDER_PATH, PHOTOS_PATH } from "@sams-web/domain/photos/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { duplicatePhotos, matches, photoHashes, profiles, users } from "../../../src/db/schema.ts";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import type { StorageDriver } from "../../../src/platform/storage/storage.ts";
import { createTestApp, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";
import { readZip } from "../../support/zip.ts";

// Settings' photos after the first upload: reorder (the first is the main photo, the one the
// photo review shows first) and remove one, never below the minimum of 2. Each endpoint acts on
// the caller's own photos only, under the profile row's lock.

let t: TestApp;
let storage: StorageDriver;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-photo-order-"));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  storage = createLocalStorage(dir);
  t = await createTestApp({ ADMIN_EMAILS: "photo-moderator@example.com" }, undefined, undefined, {
    build: { storage },
  });
});

/** A picture of noise no one else has, so the duplicate-photo check leaves it alone. */
function uniqueJpeg() {
  return sharp(randomBytes(560 * 560 * 3), { raw: { width: 560, height: 560, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A deterministic picture of soft colour blobs (so a copy of it is recognisably the same picture). */
function picture(seed: number): Promise<Buffer> {
  let state = seed * 7919 + 17;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const blobs = Array.from({ length: 6 }, () => {
    const [x, y, r] = [random() * 800, random() * 800, 80 + random() * 220];
    const colour = `rgb(${Math.floor(random() * 255)},${Math.floor(random() * 255)},${Math.floor(random() * 255)})`;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="rgb(${Math.floor(random() * 255)},120,90)"/>${blobs}</svg>`;
  return sharp(Buffer.from(svg)).blur(8).resize(560, 560).jpeg({ quality: 92 }).toBuffer();
}

/** A person with `count` saved photos of their own. */
async function personWithPhotos(count: number) {
  const person = await signUp(t.app);
  const photos = await uploadPhotos(t.app, person.cookie, await Promise.all(Array.from({ length: count }, uniqueJpeg)));
  return { ...person, photos };
}

const reorder = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: "PUT",
    url: PHOTO_ORDER_PATH,
    headers: cookie ? { cookie, "content-type": "application/json" } : { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

const remove = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: "DELETE", url, headers: cookie ? { cookie } : {} });

async function saved(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return { photos: row?.photoUrls ?? [], picturesUploaded: row?.picturesUploaded };
}

const keyOf = (url: string) => url.replace(/^\/api\/photos\/([^/]+)\//, "users/$1/photos/");
const storedKeys = (userId: string) => storage.list(`users/${userId}/`);
const hashedUrls = async (userId: string) =>
  new Set(
    (await t.db.select({ url: photoHashes.photoUrl }).from(photoHashes).where(eq(photoHashes.userId, userId))).map(
      (row) => row.url,
    ),
  );

describe("reordering one's photos: the first is the main photo", () => {
  it("saves the new order, which the owner and the photo review both see, and tells a viewer's open tab", async () => {
    const owner = await personWithPhotos(3);
    const viewer = await signUp(t.app);
    await t.db
      .insert(matches)
      .values({ userId: viewer.userId, candidateId: owner.userId, status: "photoValidation", score: 90 });
    const events: RealtimeEvent[] = [];
    const stop = t.bus.subscribe(viewer.userId, (event) => void events.push(event));

    const [a, b, c] = owner.photos as [string, string, string];
    const response = await reorder(owner.cookie, { photos: [c, a, b] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ photos: [c, a, b] });
    stop();

    const mine = await t.app.inject({ method: "GET", url: PHOTOS_PATH, headers: { cookie: owner.cookie } });
    expect(mine.json()).toEqual({ photos: [c, a, b] });
    const review = await t.app.inject({ method: "GET", url: MATCHES_PATH, headers: { cookie: viewer.cookie } });
    const shown = (review.json() as { matches: { id: string; photos: string[] }[] }).matches.find(
      (match) => match.id === owner.userId,
    );
    expect(shown?.photos).toEqual([c, a, b]);
    expect(events).toContainEqual({ topic: "matches" });
    // Only the order changed: the same files, the same hashes, still searchable.
    expect(await storedKeys(owner.userId)).toEqual([a, b, c].map(keyOf).sort());
    expect(await hashedUrls(owner.userId)).toEqual(new Set([a, b, c]));
    expect((await saved(owner.userId)).picturesUploaded).toBe(true);
  });

  it("the data export numbers the photos in the person's order, the main photo first", async () => {
    const owner = await personWithPhotos(2);
    const [a, b] = owner.photos as [string, string];
    expect((await reorder(owner.cookie, { photos: [b, a] })).statusCode).toBe(200);
    const response = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: owner.cookie } });
    const files = readZip(response.rawPayload);
    expect(files.get("photos/photo0.jpg")?.equals((await storage.get(keyOf(b))) as Buffer)).toBe(true);
    expect(files.get("photos/photo1.jpg")?.equals((await storage.get(keyOf(a))) as Buffer)).toBe(true);
  });

  it("a guest is refused", async () => {
    const owner = await personWithPhotos(2);
    expect((await reorder(undefined, { photos: [...owner.photos].reverse() })).statusCode).toBe(401);
    expect((await saved(owner.userId)).photos).toEqual(owner.photos);
  });
});

describe("a reorder that is not exactly the caller's own photos changes nothing", () => {
  it("another member's photo in the list is refused exactly like an address that does not exist", async () => {
    const me = await personWithPhotos(3);
    const them = await personWithPhotos(2);
    const [a, b] = me.photos as [string, string, string];
    const withTheirs = await reorder(me.cookie, { photos: [them.photos[0], a, b] });
    const withInvented = await reorder(me.cookie, {
      photos: [`/api/photos/${them.userId}/v0000000000/photo0.jpg`, a, b],
    });
    expect(withTheirs.statusCode).toBe(409);
    expect(withTheirs.json()).toEqual(withInvented.json());
    expect(withTheirs.json()).toMatchObject({ error: { code: "photoOrderStale", message: MESSAGES.photoOrderStale } });
    // Their photos, as the caller's whole list, are refused too, and neither set moves.
    expect((await reorder(me.cookie, { photos: them.photos })).statusCode).toBe(409);
    expect((await saved(me.userId)).photos).toEqual(me.photos);
    expect((await saved(them.userId)).photos).toEqual(them.photos);
  });

  it.each<[string, (photos: string[]) => unknown]>([
    ["one photo missing", (p) => ({ photos: p.slice(1) })],
    ["one photo twice, another left out", (p) => ({ photos: [p[0], p[0], p[2]] })],
    ["one photo twice more", (p) => ({ photos: [...p, p[0]] })],
  ])("not a permutation (%s): 409, nothing changes", async (_name, body) => {
    const me = await personWithPhotos(3);
    const response = await reorder(me.cookie, body(me.photos));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: "photoOrderStale" } });
    expect((await saved(me.userId)).photos).toEqual(me.photos);
  });

  it.each<[string, (photos: string[]) => unknown]>([
    ["an empty list", () => ({ photos: [] })],
    ["no list", () => ({})],
    ["a list of numbers", () => ({ photos: [1, 2, 3] })],
    ["six entries", (p) => ({ photos: [...p, ...p] })],
    ["an address far too long", (p) => ({ photos: [`${p[0]}${"x".repeat(500)}`, p[1], p[2]] })],
    ["an unexpected field", (p) => ({ photos: p, userId: "someone-else" })],
    ["not an object", () => [1, 2]],
  ])("malformed (%s): 400 with a clear message, nothing changes", async (_name, body) => {
    const me = await personWithPhotos(3);
    const response = await reorder(me.cookie, body(me.photos));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: MESSAGES.photoOrderInvalid } });
    expect((await saved(me.userId)).photos).toEqual(me.photos);
  });
});

describe("removing one of one's photos", () => {
  it("removes it with its file and hashes, and never below the minimum of 2", async () => {
    const owner = await personWithPhotos(3);
    const [a, b, c] = owner.photos as [string, string, string];
    const response = await remove(owner.cookie, b);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ photos: [a, c] });
    expect(await saved(owner.userId)).toEqual({ photos: [a, c], picturesUploaded: true });
    expect(await storedKeys(owner.userId)).toEqual([a, c].map(keyOf).sort());
    expect(await hashedUrls(owner.userId)).toEqual(new Set([a, c]));
    // A removed photo is served to nobody, its owner included.
    expect((await t.app.inject({ method: "GET", url: b, headers: { cookie: owner.cookie } })).statusCode).toBe(404);

    const refused = await remove(owner.cookie, a);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: "photoRemoveBelowMinimum" } });
    expect(await saved(owner.userId)).toEqual({ photos: [a, c], picturesUploaded: true });
    expect(await storedKeys(owner.userId)).toEqual([a, c].map(keyOf).sort());
  });

  it("another member's photo is answered like one that does not exist, and stays theirs", async () => {
    const me = await personWithPhotos(3);
    const them = await personWithPhotos(3);
    const target = them.photos[1] as string;
    const theirs = await remove(me.cookie, target);
    const invented = await remove(me.cookie, `/api/photos/${them.userId}/v0000000000/photo1.jpg`);
    const removedAlready = await remove(me.cookie, target.replace("photo1", "photo4"));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(invented.json());
    expect(theirs.json()).toEqual(removedAlready.json());
    expect(theirs.json()).toMatchObject({ error: { message: MESSAGES.photoNotFound } });
    expect((await saved(them.userId)).photos).toEqual(them.photos);
    expect(await storedKeys(them.userId)).toEqual(them.photos.map(keyOf).sort());
    expect((await saved(me.userId)).photos).toEqual(me.photos);
    expect((await remove(undefined, target)).statusCode).toBe(401);
    expect((await remove(me.cookie, "/api/photos/../../etc/passwd")).statusCode).toBe(404);
  });

  it("a photo a duplicate-photo flag points at leaves the profile but its file stays for the moderator, and the flag stays", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const [original, second, third, fourth] = await Promise.all([71, 72, 73, 74].map(picture));
    const victimPhotos = await uploadPhotos(t.app, victim.cookie, [
      original as Buffer,
      second as Buffer,
      await uniqueJpeg(),
    ]);
    const copy = await sharp(original as Buffer)
      .extract({ left: 11, top: 11, width: 538, height: 538 })
      .resize(560, 560)
      .jpeg({ quality: 70 })
      .toBuffer();
    const copierPhotos = await uploadPhotos(t.app, copier.cookie, [copy, third as Buffer, fourth as Buffer]);
    const [flag] = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
    expect(flag?.photoUrl).toBe(copierPhotos[0]);
    expect(flag?.otherPhotoUrl).toBe(victimPhotos[0]);

    // The copier removes the copy, the victim the original: both leave the profiles…
    expect((await remove(copier.cookie, copierPhotos[0] as string)).statusCode).toBe(200);
    expect((await remove(victim.cookie, victimPhotos[0] as string)).statusCode).toBe(200);
    expect((await saved(copier.userId)).photos).toEqual(copierPhotos.slice(1));
    expect(await hashedUrls(copier.userId)).toEqual(new Set(copierPhotos.slice(1)));
    // …the flag stays, and both files with it, which only a moderator is shown.
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId))).toHaveLength(1);
    expect(await storedKeys(copier.userId)).toEqual(copierPhotos.map(keyOf).sort());
    expect(await storedKeys(victim.userId)).toEqual(victimPhotos.map(keyOf).sort());
    const moderator = await signUp(t.app, { email: "photo-moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));
    for (const url of [copierPhotos[0], victimPhotos[0]] as string[]) {
      const asModerator = await t.app.inject({ method: "GET", url, headers: { cookie: moderator.cookie } });
      expect(asModerator.statusCode, url).toBe(200);
    }
    const asOwner = await t.app.inject({
      method: "GET",
      url: copierPhotos[0] as string,
      headers: { cookie: copier.cookie },
    });
    expect(asOwner.statusCode).toBe(404);
  });
});

describe("in parallel, the order stays one consistent set", () => {
  it("20 reorders at once: each is applied whole, and the last one wins", async () => {
    const owner = await personWithPhotos(4);
    const orders = Array.from({ length: 20 }, (_, i) => {
      const rotated = [...owner.photos.slice(i % 4), ...owner.photos.slice(0, i % 4)];
      return i % 2 === 0 ? rotated : rotated.reverse();
    });
    const responses = await Promise.all(orders.map((order) => reorder(owner.cookie, { photos: order })));
    expect(responses.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const final = (await saved(owner.userId)).photos;
    expect(orders).toContainEqual(final);
    expect([...final].sort()).toEqual([...owner.photos].sort());
    expect(await storedKeys(owner.userId)).toEqual(owner.photos.map(keyOf).sort());
  });

  it("removing all 5 at once removes exactly 3, and the 2 left are the ones whose removal was refused", async () => {
    const owner = await personWithPhotos(5);
    const responses = await Promise.all(owner.photos.map((url) => remove(owner.cookie, url)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
    const kept = owner.photos.filter((_, i) => statuses[i] === 400);
    expect(await saved(owner.userId)).toEqual({ photos: kept, picturesUploaded: true });
    expect(await storedKeys(owner.userId)).toEqual(kept.map(keyOf).sort());
    expect(await hashedUrls(owner.userId)).toEqual(new Set(kept));
  });

  it("reorders and removals at once: every reorder that went through named exactly the photos then saved", async () => {
    const owner = await personWithPhotos(5);
    const [a, b, c, d, e] = owner.photos as [string, string, string, string, string];
    const calls = [
      reorder(owner.cookie, { photos: [e, d, c, b, a] }),
      remove(owner.cookie, b),
      reorder(owner.cookie, { photos: [a, c, d, e] }),
      remove(owner.cookie, d),
      reorder(owner.cookie, { photos: [c, a, e] }),
      reorder(owner.cookie, { photos: [b, a, c, d, e] }),
    ];
    const responses = await Promise.all(calls);
    for (const response of responses) expect([200, 400, 409]).toContain(response.statusCode);
    const final = (await saved(owner.userId)).photos;
    expect(new Set(final).size).toBe(final.length);
    expect(final.every((url) => owner.photos.includes(url))).toBe(true);
    expect(final.length).toBeGreaterThanOrEqual(2);
    // Both removals went through (3 photos were left above the minimum of 2 either way).
    expect(final).not.toContain(b);
    expect(final).not.toContain(d);
    expect(await storedKeys(owner.userId)).toEqual(final.map(keyOf).sort());
    expect(
      await t.db
        .select()
        .from(photoHashes)
        .where(and(eq(photoHashes.userId, owner.userId), eq(photoHashes.photoUrl, b))),
    ).toEqual([]);
  });

  it("a photo removed while its upload records the new set's hashes leaves no hash behind", async () => {
    const owner = await personWithPhotos(2);
    // The upload's hash recording is held back (it takes this person's hash lock) until the new
    // set is saved and one of its photos removed: the order in which the race goes wrong.
    const hashLock = await t.pool.connect();
    const key = `photo-hashes:${owner.userId}`;
    try {
      await hashLock.query("select pg_advisory_lock(hashtext($1))", [key]);
      const uploading = uploadPhotos(
        t.app,
        owner.cookie,
        await Promise.all([uniqueJpeg(), uniqueJpeg(), uniqueJpeg()]),
      );
      await vi.waitFor(async () => expect((await saved(owner.userId)).photos).not.toContain(owner.photos[0]), {
        timeout: 60_000,
        interval: 50,
      });
      const fresh = (await saved(owner.userId)).photos;
      expect(fresh).toHaveLength(3);
      const removed = fresh[1] as string;
      expect((await remove(owner.cookie, removed)).statusCode).toBe(200);
      await hashLock.query("select pg_advisory_unlock(hashtext($1))", [key]);
      expect(await uploading).toEqual(fresh);
      const left = fresh.filter((url) => url !== removed);
      expect((await saved(owner.userId)).photos).toEqual(left);
      // Only the photos on the account have hashes: the removed one can match no one's upload.
      expect(await hashedUrls(owner.userId)).toEqual(new Set(left));
    } finally {
      // Closed, not returned to the pool: a failed run must not leave the lock held.
      hashLock.release(true);
    }
  });
});
