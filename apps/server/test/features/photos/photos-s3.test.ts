import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../../src/platform/storage/s3-driver.ts";
import { createTestApp, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";

let dir: string;
let s3rver: { run(): Promise<AddressInfo>; close(): Promise<void> };
let t: TestApp;
let endpoint: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-s3-"));
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "pics" }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    S3_BUCKET: "pics",
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
});

afterAll(async () => {
  await s3rver.close();
  await rm(dir, { recursive: true, force: true });
});

const jpeg = () =>
  sharp({ create: { width: 560, height: 560, channels: 3, background: "#36a" } })
    .jpeg({ quality: 95 })
    .toBuffer();

/** `count` photos of one colour, as a set to upload. */
const jpegs = (count: number) => Promise.all(Array.from({ length: count }, jpeg));

describe("with S3_BUCKET set, photos live in the S3-compatible store (tested against s3rver)", () => {
  it("stores, serves and replaces a set in the bucket", async () => {
    const bucket = createS3Storage({
      bucket: "pics",
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const { cookie, userId } = await signUp(t.app);
    const first = await uploadPhotos(t.app, cookie, await jpegs(3));
    expect(await bucket.list(`users/${userId}/`)).toHaveLength(3);
    const url = first[0] as string;
    const served = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(560);

    const second = await uploadPhotos(t.app, cookie, await jpegs(2));
    const keys = await bucket.list(`users/${userId}/`);
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => second.some((u) => u.endsWith(key.split("/photos/")[1] ?? "?")))).toBe(true);
  });
});
