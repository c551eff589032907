import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import { createS3Storage } from "../../../src/platform/storage/s3-driver.ts";
import type { StorageDriver } from "../../../src/platform/storage/storage.ts";
import { type FakeS3, startFakeS3 } from "../../support/fake-s3.ts";

let dir: string;
let s3: FakeS3;
/** A store that answers at most two keys a page, whatever a listing asks for. */
let s3ShortPages: FakeS3;
const drivers: Record<string, StorageDriver> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-storage-"));
  [s3, s3ShortPages] = await Promise.all([
    startFakeS3({ directory: path.join(dir, "s3"), buckets: ["photos"] }),
    startFakeS3({ directory: path.join(dir, "s3-short-pages"), buckets: ["photos"], maxKeysPerPage: 2 }),
  ]);
  drivers.local = createLocalStorage(path.join(dir, "local"));
  drivers.s3 = createS3Storage(s3.storageOptions("photos"));
});

afterAll(async () => {
  await Promise.all([s3?.close(), s3ShortPages?.close()]);
  await rm(dir, { recursive: true, force: true });
});

/** Every page of a walk through `prefix`, asking for `limit` keys a page, until the store says it is done. */
async function walk(driver: StorageDriver, prefix: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await driver.listPage(prefix, cursor, limit);
    pages.push(page.keys);
    cursor = page.next;
  } while (cursor !== null);
  return pages;
}

describe.each(["local", "s3"])("the %s storage driver", (name) => {
  const driver = () => drivers[name] as StorageDriver;

  it("puts, gets, lists and deletes under a prefix", async () => {
    const data = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await driver().put("users/u1/photos/v1/photo0.jpg", data, "image/jpeg");
    await driver().put("users/u1/photos/v1/photo1.jpg", data, "image/jpeg");
    await driver().put("users/u2/photos/v1/photo0.jpg", data, "image/jpeg");
    expect(await driver().get("users/u1/photos/v1/photo0.jpg")).toEqual(data);
    expect(await driver().list("users/u1/")).toEqual([
      "users/u1/photos/v1/photo0.jpg",
      "users/u1/photos/v1/photo1.jpg",
    ]);
    await driver().deletePrefix("users/u1/");
    expect(await driver().list("users/u1/")).toEqual([]);
    expect(await driver().get("users/u1/photos/v1/photo0.jpg")).toBeNull();
    expect(await driver().list("users/u2/")).toEqual(["users/u2/photos/v1/photo0.jpg"]);
  });

  it("lists a prefix page by page, in key order, each page going on where the one before left off", async () => {
    const data = Buffer.from([0xff, 0xd8, 0xff, 7]);
    const keys = [
      "pages/a/photos/v1/photo0.jpg",
      "pages/a/photos/v1/photo1.jpg",
      "pages/b/photos/v2/photo0.jpg",
      "pages/c/photos/v1/photo0.jpg",
      "pages/c/photos/v3/photo0.jpg",
    ];
    for (const key of keys) await driver().put(key, data, "image/jpeg");
    await driver().put("other/photo0.jpg", data, "image/jpeg");
    expect(await driver().listPage("pages/", null, 5)).toEqual({ keys, next: null });
    expect(await driver().listPage("pages/", null, 6)).toEqual({ keys, next: null });
    const first = await driver().listPage("pages/", null, 2);
    expect(first.keys).toEqual(keys.slice(0, 2));
    expect(first.next).not.toBeNull();
    const second = await driver().listPage("pages/", first.next, 2);
    expect(second.keys).toEqual(keys.slice(2, 4));
    expect(await driver().listPage("pages/", second.next, 2)).toEqual({ keys: keys.slice(4), next: null });
    expect(await walk(driver(), "pages/", 3)).toEqual([keys.slice(0, 3), keys.slice(3)]);
    await driver().deletePrefix("pages/");
    await driver().delete("other/photo0.jpg");
    expect(await driver().listPage("pages/", null, 5)).toEqual({ keys: [], next: null });
  });

  it("deletes one key and leaves its neighbours; a missing key is fine", async () => {
    const data = Buffer.from([0xff, 0xd8, 0xff, 4, 5, 6]);
    await driver().put("users/u3/photos/v1/photo0.jpg", data, "image/jpeg");
    await driver().put("users/u3/photos/v1/photo1.jpg", data, "image/jpeg");
    await driver().delete("users/u3/photos/v1/photo0.jpg");
    expect(await driver().get("users/u3/photos/v1/photo0.jpg")).toBeNull();
    expect(await driver().list("users/u3/")).toEqual(["users/u3/photos/v1/photo1.jpg"]);
    await driver().delete("users/u3/photos/v1/photo0.jpg");
    await expect(driver().delete("users/../x.jpg")).rejects.toThrow(/Unsafe storage key/);
    await driver().deletePrefix("users/u3/");
  });

  it("answers null for a missing key and [] for an empty prefix", async () => {
    expect(await driver().get("users/nobody/photos/v1/photo0.jpg")).toBeNull();
    expect(await driver().list("users/nobody/")).toEqual([]);
    await driver().deletePrefix("users/nobody/");
  });

  it.each(["../escape.jpg", "users/../x.jpg", "/abs.jpg", "users//x.jpg", "users/a b.jpg"])(
    "refuses the unsafe key %j",
    async (key) => {
      await expect(driver().put(key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(/Unsafe storage key/);
    },
  );
});

describe("an S3 store that answers fewer keys a page than asked", () => {
  it("is walked to its last key: the store's continuation, not a page's length, says when it is done", async () => {
    const store = createS3Storage(s3ShortPages.storageOptions("photos"));
    const keys = Array.from({ length: 7 }, (_, i) => `users/u${i}/photos/v1/photo0.jpg`);
    for (const key of keys) await store.put(key, Buffer.from([0xff, 0xd8, 0xff, 9]), "image/jpeg");
    const pages = await walk(store, "users/", 1000);
    expect(pages).toEqual([keys.slice(0, 2), keys.slice(2, 4), keys.slice(4, 6), keys.slice(6)]);
    expect(await store.list("users/")).toEqual(keys);
    await store.deletePrefix("users/");
    expect(await store.list("users/")).toEqual([]);
  });
});
