import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seed, seedHistory, seedOutcomes } from "../../../../scripts/seed.ts";
import { dailyTallies, matches, photoHashes, profiles, users } from "../../src/db/schema.ts";
import { photoFingerprints } from "../../src/features/photos/photo-hash.ts";
import { createStorage } from "../../src/platform/storage/create-storage.ts";
import { createTestApp, signUp } from "../support/helpers.ts";

const { app, db, config } = await createTestApp();

describe("demo data: seeded people's photos are stored the photos feature's way, so they are served", () => {
  it("a matched person and the owner's address layout get the JPEG; someone without a match gets 404", async () => {
    const ids = await seed(db, { users: 20, seed: 3, photos: true, storage: createStorage(config) });
    expect(ids).toHaveLength(20);
    const rows = await db.select().from(profiles).where(inArray(profiles.userId, ids));
    const [owner] = rows;
    if (!owner) throw new Error("no seeded profile");
    expect(owner.photoUrls).toHaveLength(2);
    for (const url of owner.photoUrls ?? []) {
      expect(url).toMatch(new RegExp(`^/api/photos/${owner.userId}/[A-Za-z0-9_-]+/photo[01]\\.jpg$`));
    }

    const viewer = await signUp(app);
    const stranger = await signUp(app);
    await db.insert(matches).values({
      userId: viewer.userId,
      candidateId: owner.userId,
      status: "photoValidation",
      score: 80,
      followupQuestions: [],
    });
    for (const url of owner.photoUrls ?? []) {
      const served = await app.inject({ method: "GET", url, headers: { cookie: viewer.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 560, 560]);
      const hidden = await app.inject({ method: "GET", url, headers: { cookie: stranger.cookie } });
      expect(hidden.statusCode).toBe(404);
    }
    await db.delete(matches).where(eq(matches.userId, viewer.userId));
  });

  it("each seeded photo has every hash an upload keeps, for the duplicate-photo check", async () => {
    const ids = await seed(db, { users: 4, seed: 4, photos: true, storage: createStorage(config) });
    const hashes = await db.select().from(photoHashes).where(inArray(photoHashes.userId, ids));
    const urls = (await db.select().from(profiles).where(inArray(profiles.userId, ids))).flatMap((p) => p.photoUrls);
    expect(urls.length).toBeGreaterThan(0);
    // As many kept hashes per photo as an upload keeps.
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a05030" } })
      .jpeg()
      .toBuffer();
    const keptPerPhoto = (await photoFingerprints(picture)).stored.length;
    for (const url of urls) {
      const variants = hashes.filter((h) => h.photoUrl === url).map((h) => h.variant);
      expect(variants.sort((a, b) => a - b)).toEqual([...Array(keptPerPhoto).keys()]);
    }
    expect(hashes).toHaveLength(urls.length * keptPerPhoto);
  });

  it("--outcomes gives seeded people a past: sign-ups over 90 days, before connecting, and the tallies it implies", async () => {
    const now = Date.now();
    const ids = await seed(db, { users: 40, seed: 9, photos: false, storage: createStorage(config) });
    const pairs = await seedOutcomes(db, ids, 9, now);
    expect(pairs).toBeGreaterThan(0);
    await seedHistory(db, ids, 9, now);

    const people = await db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(inArray(users.id, ids));
    const connected = await db.select().from(matches).where(inArray(matches.userId, ids));
    for (const person of people) {
      const time = person.createdAt.getTime();
      expect(time).toBeLessThanOrEqual(now);
      const connection = connected.find((row) => row.userId === person.id);
      if (connection) expect(time).toBeLessThan((connection.connectedAt as Date).getTime());
      else expect(time).toBeGreaterThanOrEqual(now - 90 * 86_400_000);
    }
    const tallies = await db.select().from(dailyTallies);
    const total = (name: string) => tallies.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0);
    expect(total("interview_completed")).toBe(40);
    expect(total("search_found") + total("search_nobody")).toBe(40);
    expect(total("match_connected")).toBe(2 * pairs);
    expect(total("match_kept")).toBe(2 * pairs);
    expect(total("match_found")).toBe(2 * total("search_found"));
    expect(tallies.every((row) => row.day <= new Date(now).toISOString().slice(0, 10))).toBe(true);
  });
});
