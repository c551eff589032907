import { DUPLICATE_PHOTO_MAX_DISTANCE } from "@sams-web/domain/safety/rules";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { duplicatePhotos, users } from "../../../src/db/schema.ts";
import { differenceHash, hammingDistance } from "../../../src/features/photos/photo-hash.ts";
import { createTestApp, signUp, type TestApp } from "../../support/helpers.ts";

// The catfish check on a small corpus of generated pictures: a re-encoded, slightly cropped copy
// of a photo is found, on another account; different pictures are not.

/** A deterministic picture: soft blobs of colour placed by `seed`, 560×560 (what the app uploads), as a JPEG. */
async function picture(seed: number): Promise<Buffer> {
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

/** The same picture with 2% cropped off each side, resized back to 560×560 and re-encoded at a lower quality. */
async function copyOf(original: Buffer): Promise<Buffer> {
  return sharp(original)
    .extract({ left: 11, top: 11, width: 538, height: 538 })
    .resize(560, 560)
    .jpeg({ quality: 70 })
    .toBuffer();
}

describe("the difference hash", () => {
  it(`puts a cropped, re-encoded copy within ${DUPLICATE_PHOTO_MAX_DISTANCE} bits, and different pictures further`, async () => {
    const originals = await Promise.all([1, 2, 3, 4, 5, 6].map(picture));
    const hashes = await Promise.all(originals.map(differenceHash));
    for (const [index, original] of originals.entries()) {
      const copy = await differenceHash(await copyOf(original));
      expect(hammingDistance(copy, hashes[index] as bigint)).toBeLessThanOrEqual(DUPLICATE_PHOTO_MAX_DISTANCE);
      for (const [other, hash] of hashes.entries()) {
        if (other !== index) expect(hammingDistance(copy, hash)).toBeGreaterThan(DUPLICATE_PHOTO_MAX_DISTANCE);
      }
    }
  });
});

describe("photos uploaded to two accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: "moderator@example.com" });
  });

  function multipart(files: Buffer[]) {
    const boundary = "----samswebboundary";
    const chunks = files.flatMap((data, i) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo${i}"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from("\r\n"),
    ]);
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  const upload = async (cookie: string, files: Buffer[]) => {
    const { payload, contentType } = multipart(files);
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/photos",
      headers: { cookie, "content-type": contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("flags the later upload of a copy, with both accounts, for moderators; different photos are not flagged", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const stranger = await signUp(t.app);
    const [first, second, third, fourth] = await Promise.all([11, 12, 13, 14].map(picture));
    await upload(victim.cookie, [first as Buffer, second as Buffer]);
    await upload(copier.cookie, [await copyOf(first as Buffer), third as Buffer]);
    await upload(stranger.cookie, [fourth as Buffer, await picture(15)]);

    const flags = await t.db.select().from(duplicatePhotos);
    expect(flags.map(({ userId, otherUserId }) => ({ userId, otherUserId }))).toEqual([
      { userId: copier.userId, otherUserId: victim.userId },
    ]);
    expect(flags[0]?.distance).toBeLessThanOrEqual(DUPLICATE_PHOTO_MAX_DISTANCE);

    // The moderator sees the copier in the queue, next to the account whose photo it looks like.
    const moderator = await signUp(t.app, { email: "moderator@example.com" });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, moderator.userId));
    const queue = await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: moderator.cookie } });
    const entry = (queue.json() as { entries: { id: string; duplicates: { otherId: string }[] }[] }).entries.find(
      (e) => e.id === copier.userId,
    );
    expect(entry?.duplicates.map((d) => d.otherId)).toEqual([victim.userId]);

    // Replacing the photos clears the flag; the moderator's decision would too.
    await upload(copier.cookie, [third as Buffer, await picture(16)]);
    expect(await t.db.select().from(duplicatePhotos)).toEqual([]);
  });
});
