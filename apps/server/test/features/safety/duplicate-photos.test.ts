import { DUPLICATE_PHOTO_MAX_DISTANCE, PHOTO_HASH_BANDS } from "@sams-web/domain/safety/rules";
import { eq } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { duplicatePhotos, photoHashes, profiles, users } from "../../../src/db/schema.ts";
import { findNearDuplicates, recordPhotoHashes } from "../../../src/features/photos/mutations.ts";
import { findsNearDuplicate, hammingDistance, type Probe } from "../../../src/features/photos/photo-hash.ts";
import { createTestApp, signUp, type TestApp, uploadPhotos } from "../../support/helpers.ts";
import { COPIES, realPhotograph, shiftedCopy, turnedCopy } from "../../support/photo-copies.ts";

// The catfish check: copies of a photo (real photographs, and generated pictures) uploaded to
// another account are flagged; different pictures are not. How often it catches each kind of copy
// on unseen photographs is measured by bench/photo-hash/accuracy.ts.

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

/**
 * `photo` (560×560) darkened towards its top and left edges, as a photograph taken in shade: 6 %
 * of its brightness at those edges, all of it a fifth of the way in.
 */
async function darkAtTopLeft(photo: Buffer): Promise<Buffer> {
  const fade = (x2: number, y2: number) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="560"><defs><linearGradient id="fade" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="rgb(15,15,15)"/><stop offset="0.2" stop-color="#fff"/></linearGradient></defs><rect width="560" height="560" fill="url(#fade)"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  const faded = await sharp(photo)
    .composite([{ input: await fade(1, 0), blend: "multiply" }])
    .png()
    .toBuffer();
  return sharp(faded)
    .composite([{ input: await fade(0, 1), blend: "multiply" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A probe looked up by its bands as they are (no uncertain bits). */
const exact = (hash: bigint): Probe => ({ hash, uncertainBits: [] });

/**
 * `hash` with the given number of distinct bits flipped in each 16-bit band, most significant band
 * first: in band b, its k-th flipped bit is bit (5k + b) mod 16 of the band.
 */
function flipped(hash: bigint, bitsPerBand: number[]): bigint {
  let result = hash;
  for (const [band, bits] of bitsPerBand.entries()) {
    for (let bit = 0; bit < bits; bit += 1)
      result ^= 1n << BigInt(16 * (PHOTO_HASH_BANDS - 1 - band) + ((5 * bit + band) % 16));
  }
  return BigInt.asIntN(64, result);
}

describe("the band lookup", () => {
  it(`has a column in photo_hashes for each of the ${PHOTO_HASH_BANDS} bands, indexed together with the hash`, () => {
    const { columns, indexes } = getTableConfig(photoHashes);
    const bands = Array.from({ length: PHOTO_HASH_BANDS }, (_, band) => `band${band}`);
    expect(columns.map((column) => column.name).filter((name) => /^band\d+$/.test(name))).toEqual(bands);
    const indexed = indexes.map((index) => index.config.columns.map((column) => ("name" in column ? column.name : "")));
    for (const band of bands) expect(indexed).toContainEqual([band, "hash"]);
  });

  const guaranteed = PHOTO_HASH_BANDS - 1;
  it(`finds every hash within ${guaranteed} bits, however its differences spread over the bands, and one up to ${DUPLICATE_PHOTO_MAX_DISTANCE} bits through a band left the same`, () => {
    // Every way of spreading up to DUPLICATE_PHOTO_MAX_DISTANCE + 1 differing bits over 4 bands of 16.
    const spreads: number[][] = [];
    const spread = (prefix: number[]) => {
      const used = prefix.reduce((sum, bits) => sum + bits, 0);
      if (prefix.length === PHOTO_HASH_BANDS) return void spreads.push(prefix);
      for (let bits = 0; bits <= Math.min(16, DUPLICATE_PHOTO_MAX_DISTANCE + 1 - used); bits += 1)
        spread([...prefix, bits]);
    };
    spread([]);
    const hash = 0x5a3c_9e71_0f24_b6d8n;
    for (const bitsPerBand of spreads) {
      const other = flipped(hash, bitsPerBand);
      const distance = hammingDistance(other, hash);
      const sharedBand = bitsPerBand.includes(0);
      const found = findsNearDuplicate(exact(other), hash);
      expect(found, `differences per band ${bitsPerBand.join(", ")}`).toBe(
        sharedBand && distance <= DUPLICATE_PHOTO_MAX_DISTANCE,
      );
      if (distance <= guaranteed) expect(found, `differences per band ${bitsPerBand.join(", ")}`).toBe(true);
    }
  });

  it(`also finds a hash through a band it differs in by one of the probe's uncertain bits alone, within ${DUPLICATE_PHOTO_MAX_DISTANCE} bits`, () => {
    const hash = 0x5a3c_9e71_0f24_b6d8n;
    // Ten bits apart, no band the same; the last band differs in its bit 3 alone.
    const other = flipped(hash, [3, 3, 3, 1]);
    expect(findsNearDuplicate(exact(other), hash)).toBe(false);
    expect(findsNearDuplicate({ hash: other, uncertainBits: [3] }, hash)).toBe(true);
    expect(findsNearDuplicate({ hash: other, uncertainBits: [60, 45, 3] }, hash)).toBe(true);
    // An uncertain bit the hashes agree on, or one of two bits a band differs in, opens no band.
    expect(findsNearDuplicate({ hash: other, uncertainBits: [4] }, hash)).toBe(false);
    expect(findsNearDuplicate({ hash: flipped(hash, [3, 3, 2, 2]), uncertainBits: [3, 18] }, hash)).toBe(false);
    // Eleven bits apart is too far, whichever band it is reached through.
    expect(findsNearDuplicate({ hash: flipped(hash, [4, 3, 3, 1]), uncertainBits: [3] }, hash)).toBe(false);
  });
});

describe("photos uploaded to two accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: "moderator@example.com,second-moderator@example.com" });
  });

  it("flags the later upload of a copy, with both accounts, for moderators; different photos are not flagged", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const stranger = await signUp(t.app);
    const [first, second, third, fourth] = await Promise.all([11, 12, 13, 14].map(picture));
    await uploadPhotos(t.app, victim.cookie, [first as Buffer, second as Buffer]);
    await uploadPhotos(t.app, copier.cookie, [await copyOf(first as Buffer), third as Buffer]);
    await uploadPhotos(t.app, stranger.cookie, [fourth as Buffer, await picture(15)]);

    const flags = await t.db.select().from(duplicatePhotos);
    expect(flags.map(({ userId, otherUserId }) => ({ userId, otherUserId }))).toEqual([
      { userId: copier.userId, otherUserId: victim.userId },
    ]);
    expect(flags[0]?.distance).toBeLessThanOrEqual(DUPLICATE_PHOTO_MAX_DISTANCE);

    // The moderator sees the copier in the queue, next to the account whose photo it looks like.
    const moderator = await signUp(t.app, { email: "moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));
    const queue = await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: moderator.cookie } });
    const entry = (queue.json() as { entries: { id: string; duplicates: { otherId: string }[] }[] }).entries.find(
      (e) => e.id === copier.userId,
    );
    expect(entry?.duplicates.map((d) => d.otherId)).toEqual([victim.userId]);

    // The moderator's decision about the copier closes the flag.
    const dismissed = await t.app.inject({
      method: "POST",
      url: "/api/call/moderatePerson",
      headers: { cookie: moderator.cookie },
      payload: { data: { subjectId: copier.userId, action: "dismiss", reason: "A shared holiday photo" } },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await t.db.select().from(duplicatePhotos)).toEqual([]);
  });

  it("never turns on the first uploader, and keeps the evidence until a moderator decides, whatever either uploads next", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const moderator = await signUp(t.app, { email: "second-moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));
    const [first, second, third, fourth] = await Promise.all([31, 32, 33, 34].map(picture));
    await uploadPhotos(t.app, victim.cookie, [first as Buffer, second as Buffer]);
    await uploadPhotos(t.app, copier.cookie, [await copyOf(first as Buffer), third as Buffer]);
    const [flag] = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.otherUserId, victim.userId));
    expect(flag?.userId).toBe(copier.userId);

    // The victim saves their photos again (re-encoded, reordered): the copy is still the later one.
    await uploadPhotos(t.app, victim.cookie, [second as Buffer, await copyOf(first as Buffer)]);
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, victim.userId))).toEqual([]);

    // The copier swaps their photos for others: the flag, and both pictures, stay for the moderator.
    await uploadPhotos(t.app, copier.cookie, [third as Buffer, fourth as Buffer]);
    const flags = await t.db.select().from(duplicatePhotos);
    const evidence = flags.filter((row) => row.userId === copier.userId || row.userId === victim.userId);
    expect(evidence.map(({ userId, otherUserId }) => ({ userId, otherUserId }))).toEqual([
      { userId: copier.userId, otherUserId: victim.userId },
    ]);
    const queue = await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: moderator.cookie } });
    const entries = (
      queue.json() as {
        entries: { id: string; duplicates: { photoUrl: string; otherPhotoUrl: string; otherId: string }[] }[];
      }
    ).entries;
    expect(entries.find((e) => e.id === victim.userId)).toBeUndefined();
    const [shown] = entries.find((e) => e.id === copier.userId)?.duplicates ?? [];
    expect(shown?.otherId).toBe(victim.userId);
    for (const url of [shown?.photoUrl, shown?.otherPhotoUrl]) {
      const photo = await t.app.inject({ method: "GET", url: url as string, headers: { cookie: moderator.cookie } });
      expect(photo.statusCode, url).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/jpeg");
      // Nobody else sees a photo that is no longer in a profile.
      const stranger = await t.app.inject({ method: "GET", url: url as string, headers: { cookie: copier.cookie } });
      if (url === shown?.otherPhotoUrl) expect(stranger.statusCode).toBe(404);
    }
  });

  it("flags each copy of a real photograph (cropped, rotated, shifted, framed, re-encoded, resized, mirrored), and not a different photograph", async () => {
    const victim = await signUp(t.app);
    const [photograph, other, different, anotherDifferent] = await Promise.all(
      ["Aqua", "Dune", "Storm", "LadyBird"].map(realPhotograph),
    );
    await uploadPhotos(t.app, victim.cookie, [photograph as Buffer, other as Buffer]);
    const copies = Object.entries(COPIES);
    const copiers = await Promise.all(copies.map(() => signUp(t.app)));
    for (const [index, [, copy]] of copies.entries()) {
      const copier = copiers[index] as { cookie: string };
      await uploadPhotos(t.app, copier.cookie, [await picture(600 + index), await copy(photograph as Buffer)]);
    }
    const stranger = await signUp(t.app);
    await uploadPhotos(t.app, stranger.cookie, [different as Buffer, anotherDifferent as Buffer]);

    const flagged = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.otherUserId, victim.userId));
    const caught = copies
      .filter((_, index) => flagged.some((flag) => flag.userId === (copiers[index] as { userId: string }).userId))
      .map(([name]) => name);
    expect(caught).toEqual(copies.map(([name]) => name));
    // Each flag is the copy against the photograph it was made of, never the other photos.
    for (const flag of flagged) {
      expect(flag.photoUrl).toMatch(/photo1\.jpg$/);
      expect(flag.otherPhotoUrl).toMatch(/photo0\.jpg$/);
    }
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, stranger.userId))).toEqual([]);
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, victim.userId))).toEqual([]);
  }, 240_000); // Ten uploads of real photographs, each hashed fourteen ways: slow on a busy machine.

  it("flags shifted, rotated and framed copies of photographs whose hashes move most under them", async () => {
    // A pale, nearly even wood grain and a photograph of blinds, both of which the check once let
    // pass shifted (Blinds) or rotated and framed (Wood): the 95 % corner crops catch them.
    const [blinds, wood] = (await Promise.all(["Blinds", "Wood"].map(realPhotograph))) as [Buffer, Buffer];
    const victim = await signUp(t.app);
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [blinds, wood]);
    const copies = [
      ["shift 20 px", blinds, victimUrls[0]],
      ["rotation 3°", wood, victimUrls[1]],
      ["border 30 px", wood, victimUrls[1]],
    ] as const;
    for (const [index, [name, original, originalUrl]] of copies.entries()) {
      const copier = await signUp(t.app);
      const copy = await (COPIES[name] as (photo: Buffer) => Promise<Buffer>)(original);
      await uploadPhotos(t.app, copier.cookie, [await picture(700 + index), copy]);
      // Against the victim's photo (the framed copy of Wood is near the rotated one too).
      const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
      expect(
        flags.map((flag) => [flag.otherUserId, flag.otherPhotoUrl]),
        name,
      ).toContainEqual([victim.userId, originalUrl]);
    }
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, victim.userId))).toEqual([]);
  }, 240_000);

  it("flags copies of real photographs shifted down and right or up and left, which trimming by the top-left pixel's colour let pass", async () => {
    // Trimmed of whatever was near its top-left pixel's colour, Wood lost its nearly even top rows
    // (its shifted copy, trimmed of the black strip instead, was cut otherwise), and a copy shifted
    // up and left (its strip at the bottom and right) kept its strip: they landed 12 and 9 bits
    // from every kept hash. A plain frame is now trimmed side by side, and an upload framed as a
    // shift is looked up by the corner it moved from.
    const [wood, dune] = (await Promise.all(["Wood", "Dune"].map(realPhotograph))) as [Buffer, Buffer];
    const victim = await signUp(t.app);
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [wood, dune]);
    const copies = [
      [wood, 20, victimUrls[0]],
      [dune, -20, victimUrls[1]],
    ] as const;
    for (const [index, [original, by, originalUrl]] of copies.entries()) {
      const copier = await signUp(t.app);
      await uploadPhotos(t.app, copier.cookie, [await picture(1000 + index), await shiftedCopy(original, by, by)]);
      // Against the victim's photo (earlier tests' uploads of these photographs are found too).
      const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
      expect(
        flags.map((flag) => [flag.otherUserId, flag.otherPhotoUrl]),
        `shifted ${by} px`,
      ).toContainEqual([victim.userId, originalUrl]);
    }
  }, 240_000);

  it("finds a copy of a photograph dark along its top and left, shifted over black, by the corner it moved from", async () => {
    // The black strip runs into the photo's dark edge, so the frame seemed to go on past it (to the
    // end of JPEG's smear, wider than a shift's) and the upload was not taken for a shift: Storm's
    // copy was missed, Dune's found only through the trimmed whole, 6 bits away. The shift's strip
    // now ends at the steepest step, where the picture begins, and the copy is looked up by the
    // corner it moved from: as near as a re-encoded copy.
    const [dune, storm] = await Promise.all(
      ["Dune", "Storm"].map(async (name) => darkAtTopLeft(await realPhotograph(name))),
    );
    const victim = await signUp(t.app);
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [dune as Buffer, storm as Buffer]);
    for (const [index, original] of [dune, storm].entries()) {
      const copier = await signUp(t.app);
      await uploadPhotos(t.app, copier.cookie, [
        await picture(1100 + index),
        await shiftedCopy(original as Buffer, 20, 20),
      ]);
      const [flag] = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
      expect([flag?.otherUserId, flag?.otherPhotoUrl], `copy of photo ${index}`).toEqual([
        victim.userId,
        victimUrls[index],
      ]);
      expect(flag?.distance, `copy of photo ${index}`).toBeLessThanOrEqual(2);
    }
  }, 240_000);

  it("finds copies shifted wider than 5 % over black, or over a fill that repeats or mirrors the picture's edge, by the corner they moved from", async () => {
    // A shift was looked up by the 95 % crop of the corner it moved from only within 5 % (28 px),
    // and only when its strip was a plain frame: Dune shifted 40 px right and down, Wood 40 px
    // right, Dune 20 px left with its edge repeated into the strip and Blinds 20 px right and up
    // with the picture mirrored into it were all missed (6-11 bits off, or sharing no band). A
    // shift within 10 % is now looked up by the 90 % corner crop kept for crops, and a strip that
    // repeats or mirrors the picture's edge ends where a plain one would.
    const [dune, wood, blinds] = (await Promise.all(["Dune", "Wood", "Blinds"].map(realPhotograph))) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    const victim = await signUp(t.app);
    const [duneUrl, woodUrl, blindsUrl] = await uploadPhotos(t.app, victim.cookie, [dune, wood, blinds]);
    const copies = [
      ["Dune 40 px right and down over black", await shiftedCopy(dune, 40, 40), duneUrl],
      ["Wood 40 px right over black", await shiftedCopy(wood, 40, 0), woodUrl],
      ["Dune 20 px left, its edge repeated", await shiftedCopy(dune, -20, 0, "repeated"), duneUrl],
      ["Blinds 20 px right and up, mirrored", await shiftedCopy(blinds, 20, -20, "mirrored"), blindsUrl],
    ] as const;
    for (const [index, [name, copy, originalUrl]] of copies.entries()) {
      const copier = await signUp(t.app);
      await uploadPhotos(t.app, copier.cookie, [await picture(1200 + index), copy]);
      // Against the victim's photo (earlier tests' uploads of these photographs are found too).
      const flag = (await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId))).find(
        (row) => row.otherUserId === victim.userId && row.otherPhotoUrl === originalUrl,
      );
      expect(flag, `${name}: flagged against the victim's photo`).toBeDefined();
      expect(flag?.distance, name).toBeLessThanOrEqual(2);
    }
  }, 240_000);

  it("flags copies of real photographs turned 3° and 2° anticlockwise, which only the upload turned back finds", async () => {
    // Wood turned 3° and Dune 2° anticlockwise: the copy's hashes as it is land more than ten
    // bits from every hash kept of its original, or share no band with it.
    const [wood, dune] = (await Promise.all(["Wood", "Dune"].map(realPhotograph))) as [Buffer, Buffer];
    const victim = await signUp(t.app);
    const victimUrls = await uploadPhotos(t.app, victim.cookie, [wood, dune]);
    const copies = [
      [wood, -3, victimUrls[0]],
      [dune, -2, victimUrls[1]],
    ] as const;
    for (const [index, [original, degrees, originalUrl]] of copies.entries()) {
      const copier = await signUp(t.app);
      await uploadPhotos(t.app, copier.cookie, [await picture(800 + index), await turnedCopy(original, degrees)]);
      // Against the victim's photo (earlier tests' uploads of these photographs are found too).
      const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
      expect(
        flags.map((flag) => [flag.otherUserId, flag.otherPhotoUrl]),
        `turned ${degrees}°`,
      ).toContainEqual([victim.userId, originalUrl]);
    }
  }, 240_000);

  it("flags a copy of a real photograph turned 6° anticlockwise, which shares no band with the original's hashes", async () => {
    // Blinds turned 6° anticlockwise, turned back 5°, lands 8 bits from the original's 90 % centre
    // but differs in every band (3, 3, 1, 1 bits): only a band read with one of its least certain
    // bits flipped reaches it.
    const [blinds, storm] = (await Promise.all(["Blinds", "Storm"].map(realPhotograph))) as [Buffer, Buffer];
    const victim = await signUp(t.app);
    const [blindsUrl] = await uploadPhotos(t.app, victim.cookie, [blinds, storm]);
    const copier = await signUp(t.app);
    await uploadPhotos(t.app, copier.cookie, [await picture(900), await turnedCopy(blinds, -6)]);
    // Against the victim's photo (earlier tests' uploads of Blinds are found too).
    const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
    expect(flags.map((flag) => [flag.otherUserId, flag.otherPhotoUrl])).toContainEqual([victim.userId, blindsUrl]);
  }, 240_000);

  it("flags copies of real photographs turned a few degrees and cropped, near the whole but sharing no band with it", async () => {
    // Blinds turned 4° and LadyBird 2° anticlockwise, each then cropped to 95 % from its top-left
    // corner, were missed: turning back leaves them further off, and their whole or centre lands
    // within 10 bits of a kept hash of the original but with every band different. The whole and
    // its centre are now also looked up with their least certain bits flipped, as the turned
    // probes are.
    const [blinds, ladyBird] = (await Promise.all(["Blinds", "LadyBird"].map(realPhotograph))) as [Buffer, Buffer];
    const victim = await signUp(t.app);
    const [blindsUrl, ladyBirdUrl] = await uploadPhotos(t.app, victim.cookie, [blinds, ladyBird]);
    const copies = [
      ["Blinds turned 4° and cropped", await turnedCopy(blinds, 4, 0.95), blindsUrl],
      ["LadyBird turned 2° anticlockwise and cropped", await turnedCopy(ladyBird, -2, 0.95), ladyBirdUrl],
    ] as const;
    for (const [index, [name, copy, originalUrl]] of copies.entries()) {
      const copier = await signUp(t.app);
      await uploadPhotos(t.app, copier.cookie, [await picture(1300 + index), copy]);
      // Against the victim's photo (earlier tests' uploads of these photographs are found too).
      const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, copier.userId));
      expect(
        flags.map((flag) => [flag.otherUserId, flag.otherPhotoUrl]),
        name,
      ).toContainEqual([victim.userId, originalUrl]);
    }
  }, 240_000);

  it("flags a mirrored copy too, against the account that had the picture first", async () => {
    const victim = await signUp(t.app);
    const copier = await signUp(t.app);
    const [first, second, third] = await Promise.all([51, 52, 53].map(picture));
    await uploadPhotos(t.app, victim.cookie, [first as Buffer, second as Buffer]);
    const flipped = await sharp(await copyOf(first as Buffer))
      .flop()
      .jpeg({ quality: 80 })
      .toBuffer();
    await uploadPhotos(t.app, copier.cookie, [third as Buffer, flipped]);
    const flags = await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.otherUserId, victim.userId));
    expect(flags.map(({ userId }) => userId)).toEqual([copier.userId]);
    expect(await t.db.select().from(duplicatePhotos).where(eq(duplicatePhotos.userId, victim.userId))).toEqual([]);
  });

  it("saves the photos even when the duplicate check fails", async () => {
    const person = await signUp(t.app);
    // The check's table is gone for a moment: its statements fail as a broken database would.
    await t.pool.query("alter table photo_hashes rename to photo_hashes_away");
    try {
      await uploadPhotos(t.app, person.cookie, [await picture(21), await picture(22)]);
    } finally {
      await t.pool.query("alter table photo_hashes_away rename to photo_hashes");
    }
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.photoUrls).toHaveLength(2);
    expect(profile?.picturesUploaded).toBe(true);
  });

  it(`finds a stored hash ${DUPLICATE_PHOTO_MAX_DISTANCE} bits away in the database through whichever band is the same, and none further, through no shared band, or of the same account`, async () => {
    const owner = await signUp(t.app);
    const someoneElse = await signUp(t.app);
    const stored = -0x1d6c_42a9_e05b_7f13n;
    const unrelated = 0x0123_4567_89ab_cdefn;
    // Hashes are kept for a photo on the profile only.
    await t.db
      .update(profiles)
      .set({ photoUrls: ["/photos/owner-1.jpg"] })
      .where(eq(profiles.userId, owner.userId));
    await recordPhotoHashes(t.db, owner.userId, [
      { photoUrl: "/photos/owner-1.jpg", stored: [unrelated, stored], probes: [exact(stored)] },
    ]);
    for (const bitsPerBand of [
      [4, 3, 3, 0],
      [0, 3, 3, 4],
      [3, 0, 4, 3],
      [10, 0, 0, 0],
    ]) {
      // Two probes: the one that finds it says how near it is.
      const near = await findNearDuplicates(t.db, someoneElse.userId, [
        exact(~unrelated),
        exact(flipped(stored, bitsPerBand)),
      ]);
      expect(near, `differences per band ${bitsPerBand.join(", ")}`).toEqual([
        {
          otherUserId: owner.userId,
          otherPhotoUrl: "/photos/owner-1.jpg",
          distance: DUPLICATE_PHOTO_MAX_DISTANCE,
          firstSeenAt: expect.any(Date),
        },
      ]);
    }
    expect(await findNearDuplicates(t.db, someoneElse.userId, [exact(flipped(stored, [4, 3, 4, 0]))])).toEqual([]);
    expect(await findNearDuplicates(t.db, someoneElse.userId, [exact(flipped(stored, [1, 1, 1, 1]))])).toEqual([]);
    expect(await findNearDuplicates(t.db, owner.userId, [exact(stored)])).toEqual([]);
    // No band the same, but the last one differs in one of the probe's uncertain bits (bit 3) alone.
    const turned = flipped(stored, [3, 3, 3, 1]);
    expect(await findNearDuplicates(t.db, someoneElse.userId, [{ hash: turned, uncertainBits: [3] }])).toEqual([
      {
        otherUserId: owner.userId,
        otherPhotoUrl: "/photos/owner-1.jpg",
        distance: DUPLICATE_PHOTO_MAX_DISTANCE,
        firstSeenAt: expect.any(Date),
      },
    ]);
    expect(await findNearDuplicates(t.db, someoneElse.userId, [{ hash: turned, uncertainBits: [4, 19] }])).toEqual([]);
  });
});
