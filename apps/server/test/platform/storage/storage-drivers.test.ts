import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../../src/platform/storage/local-driver.ts";
import { createS3Storage } from "../../../src/platform/storage/s3-driver.ts";
import type { StorageDriver } from "../../../src/platform/storage/storage.ts";

let dir: string;
let s3rver: { run(): Promise<AddressInfo>; close(): Promise<void> };
const drivers: Record<string, StorageDriver> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-storage-"));
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "photos" }],
  });
  const { port } = await s3rver.run();
  drivers.local = createLocalStorage(path.join(dir, "local"));
  drivers.s3 = createS3Storage({
    bucket: "photos",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});

afterAll(async () => {
  await s3rver.close();
  await rm(dir, { recursive: true, force: true });
});

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

  it("lists a prefix page by page, in key order, each page after the last key of the one before", async () => {
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
    // Pages that end where the keys do: the fake S3 server fails any page it has to cut short (its
    // continuation token uses a cipher OpenSSL 3 refuses), so S3's MaxKeys is taken on trust there.
    expect(await driver().listPage("pages/", "", 5)).toEqual(keys);
    expect(await driver().listPage("pages/", keys[1] as string, 3)).toEqual(keys.slice(2));
    expect(await driver().listPage("pages/", keys[4] as string, 2)).toEqual([]);
    if (name === "local") {
      expect(await driver().listPage("pages/", "", 2)).toEqual(keys.slice(0, 2));
      expect(await driver().listPage("pages/", keys[1] as string, 2)).toEqual(keys.slice(2, 4));
    }
    await driver().deletePrefix("pages/");
    await driver().delete("other/photo0.jpg");
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
