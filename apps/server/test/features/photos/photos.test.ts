import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Database } from "../../../src/db/client.ts";
import { matches, profiles } from "../../../src/db/schema.ts";
import { createAuth } from "../../../src/features/accounts/auth.ts";
import type { AccountLifecycle } from "../../../src/platform/lifecycle/account-lifecycle.ts";
import { createInProcessBus } from "../../../src/platform/realtime/bus.ts";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import type { StorageDriver } from "../../../src/platform/storage/storage.ts";
import { createTestDatabase, type MultipartPart, multipart, putPhotos, signUp } from "../../support/helpers.ts";
import { readZip } from "../../support/zip.ts";

/** A storage that fails its Nth put while `armed`, to prove the set is replaced atomically. */
class FlakyStorage implements StorageDriver {
  failOnPut: number | null = null;
  private puts = 0;
  constructor(private readonly inner: StorageDriver) {}
  async put(key: string, data: Buffer, type: string) {
    this.puts += 1;
    if (this.failOnPut !== null && this.puts === this.failOnPut) throw new Error("disk full");
    await this.inner.put(key, data, type);
  }
  get = (key: string) => this.inner.get(key);
  delete = (key: string) => this.inner.delete(key);
  deletePrefix = (prefix: string) => this.inner.deletePrefix(prefix);
  list = (prefix: string) => this.inner.list(prefix);
  listPage = (prefix: string, cursor: string | null, limit: number) => this.inner.listPage(prefix, cursor, limit);
  arm(nth: number) {
    this.puts = 0;
    this.failOnPut = nth;
  }
}

let app: FastifyInstance;
let db: Database;
let storage: FlakyStorage;
let lifecycle: AccountLifecycle | undefined;

beforeAll(async () => {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-photos-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
  });
  storage = new FlakyStorage(createLocalStorage(path.join(dataDir, "photos")));
  const bus = createInProcessBus();
  const auth = createAuth({ config, db: database.db, secret: "test-secret-test-secret-test-secret-0123" });
  app = await buildApp({ config, db: database.db, pool: database.pool, bus, auth, storage });
  lifecycle = app.accountLifecycle;
  db = database.db;
  afterAll(async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
});

function jpeg(width = 560, height = 560, colour = { r: 200, g: 80, b: 120 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A picture of noise no one else has: its difference hash is nobody's, so the duplicate-photo
 * check (which keeps the files of a flagged photo for the moderator) leaves it alone.
 */
function uniqueJpeg() {
  return sharp(randomBytes(560 * 560 * 3), { raw: { width: 560, height: 560, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The classic pixel bomb: a small file whose frame header claims a huge image. */
function withDeclaredSize(data: Buffer, width: number, height: number): Buffer {
  const bomb = Buffer.from(data);
  for (let i = 2; i < bomb.length - 9; i += 1) {
    if (bomb[i] === 0xff && (bomb[i + 1] === 0xc0 || bomb[i + 1] === 0xc2)) {
      bomb.writeUInt16BE(height, i + 5);
      bomb.writeUInt16BE(width, i + 7);
      return bomb;
    }
  }
  throw new Error("no frame header");
}

async function photoUrlsOf(userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return { urls: row?.photoUrls ?? [], picturesUploaded: row?.picturesUploaded };
}

async function storedKeys(userId: string) {
  return storage.list(`users/${userId}/`);
}

describe("'Photos: per user in file storage as photo0.jpg, photo1.jpg, …, each a JPEG at 560x560 pixels'", () => {
  it("stores 2 photos, sets picturesUploaded and photoUrls, and serves them to their owner", async () => {
    const { cookie, userId } = await signUp(app);
    const response = await putPhotos(app, cookie, [await jpeg(), await jpeg(560, 560, { r: 10, g: 200, b: 30 })]);
    expect(response.statusCode).toBe(200);
    const { urls, picturesUploaded } = await photoUrlsOf(userId);
    expect(response.json().photos).toEqual(urls);
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(new RegExp(`^/api/photos/${userId}/v[a-z0-9]+/photo0\\.jpg$`));
    expect(picturesUploaded).toBe(true);
    expect(await storedKeys(userId)).toEqual(
      urls.map((url: string) => url.replace(`/api/photos/${userId}/`, `users/${userId}/photos/`)),
    );
    const served = await app.inject({ method: "GET", url: urls[0] as string, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 560, 560]);
    const listed = await app.inject({ method: "GET", url: "/api/photos", headers: { cookie } });
    expect(listed.json()).toEqual({ photos: urls });
  });

  it("'Saving needs at least 2' and the maximum is 5", async () => {
    const { cookie, userId } = await signUp(app);
    const one = await putPhotos(app, cookie, [await jpeg()]);
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toBe(MESSAGES.tooFewPhotos);
    const six = await putPhotos(app, cookie, await Promise.all(Array.from({ length: 6 }, () => jpeg())));
    expect(six.statusCode).toBeGreaterThanOrEqual(400);
    expect(six.statusCode).toBeLessThan(500);
    const five = await putPhotos(app, cookie, await Promise.all(Array.from({ length: 5 }, () => jpeg())));
    expect(five.statusCode).toBe(200);
    expect((await photoUrlsOf(userId)).urls).toHaveLength(5);
  });

  it("a replaced set leaves no file of the old one behind", async () => {
    const { cookie, userId } = await signUp(app);
    await putPhotos(app, cookie, [await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg()]);
    const first = (await photoUrlsOf(userId)).urls;
    await putPhotos(app, cookie, [await uniqueJpeg(), await uniqueJpeg()]);
    const second = (await photoUrlsOf(userId)).urls;
    expect(second).toHaveLength(2);
    expect(await storedKeys(userId)).toHaveLength(2);
    expect((await app.inject({ method: "GET", url: first[0] as string, headers: { cookie } })).statusCode).toBe(404);
  });
});

describe("malicious uploads end in a clear 4xx, never a 5xx, and store nothing", () => {
  const cases: [string, () => Promise<MultipartPart>][] = [
    ["wrong magic bytes", async () => ({ field: "photo0", data: Buffer.from("GIF89a not a jpeg at all") })],
    [
      "a PNG renamed .jpg",
      async () => ({
        field: "photo0",
        filename: "photo.jpg",
        data: await sharp({ create: { width: 560, height: 560, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      }),
    ],
    ["a truncated JPEG", async () => ({ field: "photo0", data: (await jpeg()).subarray(0, 2000) })],
    ["a 559×560 JPEG", async () => ({ field: "photo0", data: await jpeg(559, 560) })],
    ["a 20000×20000 pixel bomb", async () => ({ field: "photo0", data: withDeclaredSize(await jpeg(), 20000, 20000) })],
    [
      "an SVG with a script",
      async () => ({
        field: "photo0",
        filename: "photo.jpg",
        type: "image/svg+xml",
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      }),
    ],
    [
      "a 10 MB body",
      async () => ({ field: "photo0", data: Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]) }),
    ],
  ];

  it.each(cases)("%s", async (_name, make) => {
    const { cookie, userId } = await signUp(app);
    const bad = await make();
    const response = await putPhotos(app, cookie, [bad, { field: "photo1", data: await jpeg() }]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().error.message).toBe("string");
    expect(await storedKeys(userId)).toEqual([]);
    expect((await photoUrlsOf(userId)).picturesUploaded).toBe(false);
  });

  it("a JPEG carrying GPS EXIF, XMP and an ICC profile is stored without any of them", async () => {
    const { cookie, userId } = await signUp(app);
    const tagged = await sharp({ create: { width: 560, height: 560, channels: 3, background: "#8a4" } })
      .withIccProfile("p3")
      .withExif({
        IFD0: { Make: "SpyCam", Copyright: "secret" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "37/1 46/1 30/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "122/1 25/1 10/1",
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(before.exif?.includes(Buffer.from("SpyCam"))).toBe(true);
    const response = await putPhotos(app, cookie, [tagged, tagged]);
    expect(response.statusCode).toBe(200);
    for (const key of await storedKeys(userId)) {
      const stored = (await storage.get(key)) as Buffer;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(stored.includes(Buffer.from("SpyCam"))).toBe(false);
      expect(stored.includes(Buffer.from("Exif"))).toBe(false);
    }
  });

  it("a guest cannot upload", async () => {
    const { payload, contentType } = multipart([
      { field: "photo0", data: await jpeg() },
      { field: "photo1", data: await jpeg() },
    ]);
    const response = await app.inject({
      method: "PUT",
      url: "/api/photos",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a JSON body and unexpected field names", async () => {
    const { cookie } = await signUp(app);
    const json = await app.inject({ method: "PUT", url: "/api/photos", headers: { cookie }, payload: { photos: [] } });
    expect(json.statusCode).toBe(400);
    const odd = await putPhotos(app, cookie, [
      { field: "photo0", data: await jpeg() },
      { field: "../../etc", data: await jpeg() },
    ]);
    expect(odd.statusCode).toBe(400);
  });
});

describe("'another user's photos are served only to a user who holds a live match with them'", () => {
  it("a stranger, a guest and a declined match get 404; a live match gets the photo", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const matched = await signUp(app);
    await putPhotos(app, owner.cookie, [await jpeg(), await jpeg()]);
    const url = (await photoUrlsOf(owner.userId)).urls[0] as string;

    expect((await app.inject({ method: "GET", url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);

    await db.insert(matches).values({ userId: matched.userId, candidateId: owner.userId, status: "no", score: 80 });
    expect((await app.inject({ method: "GET", url, headers: { cookie: matched.cookie } })).statusCode).toBe(404);
    await db.update(matches).set({ status: "photoValidation" }).where(eq(matches.userId, matched.userId));
    expect((await app.inject({ method: "GET", url, headers: { cookie: matched.cookie } })).statusCode).toBe(200);
    // The match is one-sided: the owner holds no match row towards `matched`.
    await putPhotos(app, matched.cookie, [await jpeg(), await jpeg()]);
    const theirs = (await photoUrlsOf(matched.userId)).urls[0] as string;
    expect((await app.inject({ method: "GET", url: theirs, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it("nobody can replace another user's photos: an upload always writes the caller's set", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    await putPhotos(app, owner.cookie, [await jpeg(), await jpeg()]);
    const before = (await photoUrlsOf(owner.userId)).urls;
    await putPhotos(app, other.cookie, [await jpeg(), await jpeg(), await jpeg()]);
    expect((await photoUrlsOf(owner.userId)).urls).toEqual(before);
    expect(await storedKeys(owner.userId)).toHaveLength(2);
  });

  it("paths that try to escape the photo store answer 404", async () => {
    const owner = await signUp(app);
    for (const url of [
      `/api/photos/${owner.userId}/..%2F..%2Fpostgres/photo0.jpg`,
      `/api/photos/${owner.userId}/v1/photo9.jpg`,
      "/api/photos/x/y/z",
    ]) {
      expect((await app.inject({ method: "GET", url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    }
  });
});

describe("'On save, existing stored photos are deleted, new ones uploaded': atomically", () => {
  it.each([1, 2, 3])("a storage failure on write %i leaves the complete old set", async (nth) => {
    const { cookie, userId } = await signUp(app);
    expect((await putPhotos(app, cookie, [await jpeg(), await jpeg()])).statusCode).toBe(200);
    const before = await photoUrlsOf(userId);
    const keysBefore = await storedKeys(userId);
    storage.arm(nth);
    const response = await putPhotos(app, cookie, [await jpeg(), await jpeg(), await jpeg()]);
    storage.failOnPut = null;
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(MESSAGES.photosSaveFailed);
    expect(await photoUrlsOf(userId)).toEqual(before);
    expect(await storedKeys(userId)).toEqual(keysBefore);
    for (const url of before.urls) {
      expect((await app.inject({ method: "GET", url, headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it("a pixel bomb's header really claims 20000×20000", async () => {
    const meta = await sharp(withDeclaredSize(await jpeg(), 20000, 20000), { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20000, 20000]);
  });

  it("two saves at once end with one complete set and no stray files", async () => {
    const { cookie, userId } = await signUp(app);
    const results = await Promise.all([
      putPhotos(app, cookie, [await uniqueJpeg(), await uniqueJpeg()]),
      putPhotos(app, cookie, [await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg()]),
      putPhotos(app, cookie, [await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg()]),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { urls } = await photoUrlsOf(userId);
    expect(await storedKeys(userId)).toEqual(
      urls.map((url: string) => url.replace(`/api/photos/${userId}/`, `users/${userId}/photos/`)),
    );
  });

  it("deleting the account removes the user's files", async () => {
    const { cookie, userId } = await signUp(app);
    await putPhotos(app, cookie, [await jpeg(), await jpeg()]);
    expect(await storedKeys(userId)).toHaveLength(2);
    // The accounts feature runs these hooks when an account is deleted.
    await lifecycle?.accountDeleted(userId);
    expect(await storedKeys(userId)).toEqual([]);
  });
});

describe("data export: 'Download all their data … as one archive' holds the person's own photos", () => {
  it("the ZIP carries the stored bytes of each of my photos and none of another user's", async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    expect(
      (await putPhotos(app, me.cookie, [await jpeg(), await jpeg(560, 560, { r: 10, g: 200, b: 30 })])).statusCode,
    ).toBe(200);
    expect(
      (
        await putPhotos(app, other.cookie, [
          await jpeg(560, 560, { r: 30, g: 30, b: 250 }),
          await jpeg(560, 560, { r: 250, g: 250, b: 0 }),
          await jpeg(560, 560, { r: 0, g: 0, b: 0 }),
        ])
      ).statusCode,
    ).toBe(200);
    const storedBytes = async (userId: string) =>
      Promise.all((await storedKeys(userId)).map(async (key) => (await storage.get(key)) as Buffer));
    const mine = await storedBytes(me.userId);
    const theirs = await storedBytes(other.userId);
    expect(mine).toHaveLength(2);
    expect(theirs).toHaveLength(3);

    const response = await app.inject({ method: "GET", url: "/api/export", headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(200);
    const files = readZip(response.rawPayload);
    const photoNames = [...files.keys()].filter((name) => name.startsWith("photos/")).sort();
    expect(photoNames).toEqual(["photos/photo0.jpg", "photos/photo1.jpg"]);
    expect(files.get("photos/photo0.jpg")?.equals(mine[0] as Buffer)).toBe(true);
    expect(files.get("photos/photo1.jpg")?.equals(mine[1] as Buffer)).toBe(true);
    const archived = [...files.values()];
    for (const photo of theirs) expect(archived.some((entry) => entry.equals(photo))).toBe(false);
  });
});
