import { SEARCH_MIN_REACH_MILES, SEARCHES_PER_DAY } from "@sams-web/domain/matching/rules";
import { BIRTHDAY_CHANGES_MAX, ZIP_CHANGES_PER_DAY } from "@sams-web/domain/profile/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles, searches, zipCodes } from "../../../src/db/schema.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import { call, createPerson, signedUpPerson } from "../../support/matching-fixtures.ts";

// The search used as an oracle: an attacker moves their own ZIP code, radius and birthday and
// searches again and again, reading each answer, to learn where a stranger lives and how old they
// are. These tests run that attack against the real server and database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const patchProfile = (cookie: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: "/api/profile", headers: { cookie }, payload });

function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

/** ZIP codes whose centres lie between `min` and `max` miles of `zip`'s, nearest first. */
async function zipsAround(zip: string, min: number, max: number): Promise<{ zip: string; miles: number }[]> {
  const all = await t.db.select().from(zipCodes);
  const centre = all.find((z) => z.zip === zip);
  if (!centre) throw new Error(`no ZIP ${zip}`);
  return all
    .map((z) => ({ zip: z.zip, miles: milesBetween(centre, z) }))
    .filter((z) => z.miles >= min && z.miles <= max)
    .sort((a, b) => a.miles - b.miles);
}

/** Lets the person start a new search at once (the previous one finished long ago). */
async function finishEarlierSearch(userId: string) {
  await t.db.update(searches).set({ state: "done" }).where(eq(searches.userId, userId));
}

describe("the search is not an oracle", () => {
  it("answers only whether someone was found, never how many", async () => {
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "80202" });
    for (let i = 0; i < 3; i += 1) await createPerson(t.db, { zipCode: "80203" });
    const prelim = await call(t.app, me.cookie, "triggeredPrelimMatch");
    // Besides whether someone was found, only the person's own searches left today, which
    // nothing about anyone else moves.
    expect(prelim.body.result).toEqual({ found: true, searchesLeftToday: SEARCHES_PER_DAY - 1 });
    const algo = await call(t.app, me.cookie, "triggeredMatchingAlgo");
    expect(Object.keys(algo.body.result)).toEqual(["found"]);
    expect(algo.raw).not.toMatch(/\d/);
  });

  it(`allows ${SEARCHES_PER_DAY} searches a day, counted whether or not anyone is found`, async () => {
    // Nobody fits: each search ends at once with nobody found, and still counts.
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "99701" });
    for (let i = 0; i < SEARCHES_PER_DAY; i += 1) {
      await finishEarlierSearch(me.userId);
      expect((await call(t.app, me.cookie, "triggeredPrelimMatch")).body.result).toEqual({
        found: false,
        searchesLeftToday: SEARCHES_PER_DAY - 1 - i,
      });
    }
    await finishEarlierSearch(me.userId);
    const refused = await call(t.app, me.cookie, "triggeredPrelimMatch");
    expect(refused.body.error).toEqual({
      status: "RESOURCE_EXHAUSTED",
      code: "searchDailyLimit",
      message: MESSAGES.searchDailyLimit,
    });
    // A refused search starts nothing.
    const [search] = await t.db.select().from(searches).where(eq(searches.userId, me.userId));
    expect(search?.state).toBe("done");
  });

  it("racing presses count only the searches that really start", async () => {
    // Nobody fits, so a search may end before a later press of the same burst arrives: that press
    // then starts a search of its own, and counts. What must never happen is a press counted
    // without a search, or a search started past the day's allowance.
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "99501" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(t.app, me.cookie, "triggeredPrelimMatch")));
    const started = answers.filter((a) => a.status === 200).length;
    expect(started).toBeGreaterThanOrEqual(1);
    expect(started).toBeLessThanOrEqual(SEARCHES_PER_DAY);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([MESSAGES.searchInProgress, MESSAGES.searchDailyLimit]).toContain(refused.body.error.message);
    }
    const [row] = await t.db.select().from(searches).where(eq(searches.userId, me.userId));
    expect(row?.searchesThatDay).toBe(started);
    for (let i = started; i < SEARCHES_PER_DAY; i += 1) {
      await finishEarlierSearch(me.userId);
      expect((await call(t.app, me.cookie, "triggeredPrelimMatch")).status).toBe(200);
    }
    await finishEarlierSearch(me.userId);
    expect((await call(t.app, me.cookie, "triggeredPrelimMatch")).body.error.message).toBe(MESSAGES.searchDailyLimit);
  });

  it("a ZIP scan with a 1-mile radius places nobody closer than 10 miles, and stops after the day's allowance", async () => {
    // The victim lives in 10001 and searches 25 miles. The attacker, a fit for her, scans the ZIP
    // codes around hers with a 1-mile radius, as in the attack that placed a person within a mile.
    await createPerson(t.db, { zipCode: "10001" });
    const attacker = await signedUpPerson(t, {
      gender: "man",
      seekingGender: "woman",
      zipCode: "10001",
      searchRadius: 1,
    });
    const probes = (await zipsAround("10001", 5, SEARCH_MIN_REACH_MILES - 1)).slice(0, ZIP_CHANGES_PER_DAY + 2);
    expect(probes.length).toBe(ZIP_CHANGES_PER_DAY + 2);
    const answers: { zip: string; miles: number; found: boolean }[] = [];
    for (const probe of probes) {
      const moved = await patchProfile(attacker.cookie, { zipCode: probe.zip, searchRadius: 1 });
      if (moved.statusCode !== 200) {
        expect(moved.statusCode).toBe(429);
        expect(moved.json().error.message).toBe(MESSAGES.zipChangeLimit);
        continue;
      }
      await finishEarlierSearch(attacker.userId);
      const searched = await call(t.app, attacker.cookie, "triggeredPrelimMatch");
      if (searched.status !== 200) continue;
      answers.push({ ...probe, found: searched.body.result.found as unknown as boolean });
    }
    // At most the day's ZIP changes got an answer ...
    expect(answers.length).toBeLessThanOrEqual(Math.min(ZIP_CHANGES_PER_DAY, SEARCHES_PER_DAY));
    expect(answers.length).toBeGreaterThan(0);
    // ... and each of them, 5 to 9 miles away with a 1-mile radius, still found her: an answer
    // says "within 10 miles", never "within a mile".
    for (const answer of answers) expect(answer.found).toBe(true);
    const [stored] = await t.db.select().from(profiles).where(eq(profiles.userId, attacker.userId));
    expect(answers.map((a) => a.zip)).toContain(stored?.zipCode);
  });

  it("parallel ZIP changes cannot exceed the day's allowance", async () => {
    const me = await signedUpPerson(t, { zipCode: "60601" });
    const zips = (await zipsAround("60601", 1, 30)).slice(0, 12);
    const results = await Promise.all(zips.map((z) => patchProfile(me.cookie, { zipCode: z.zip })));
    expect(results.filter((r) => r.statusCode === 200).length).toBe(ZIP_CHANGES_PER_DAY);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(zips.length - ZIP_CHANGES_PER_DAY);
  });

  it("stepping one's own birthday is stopped: once a day, and three times ever", async () => {
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "30301" });
    await t.db.update(profiles).set({ birthday: null, birthdayChanges: 0 }).where(eq(profiles.userId, me.userId));
    const year = new Date().getUTCFullYear();
    expect((await patchProfile(me.cookie, { birthday: `${year - 30}-01-15` })).statusCode).toBe(200);
    const again = await patchProfile(me.cookie, { birthday: `${year - 31}-01-15` });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(MESSAGES.birthdayChangeDailyLimit);
    // Two more days' changes, then none ever again.
    await t.db.update(profiles).set({ birthdayChanges: BIRTHDAY_CHANGES_MAX }).where(eq(profiles.userId, me.userId));
    const never = await patchProfile(me.cookie, { birthday: `${year - 32}-01-15` });
    expect(never.statusCode).toBe(429);
    expect(never.json().error.message).toBe(MESSAGES.birthdayChangeLimit);
    const [stored] = await t.db.select().from(profiles).where(eq(profiles.userId, me.userId));
    expect(stored?.birthday).toBe(`${year - 30}-01-15`);
  });

  it("ten parallel birthday changes make one change", async () => {
    const me = await signedUpPerson(t, { zipCode: "30301" });
    await t.db.update(profiles).set({ birthday: null, birthdayChanges: 0 }).where(eq(profiles.userId, me.userId));
    const year = new Date().getUTCFullYear();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => patchProfile(me.cookie, { birthday: `${year - 30 - i}-03-01` })),
    );
    expect(results.filter((r) => r.statusCode === 200).length).toBe(1);
    const [stored] = await t.db.select().from(profiles).where(eq(profiles.userId, me.userId));
    expect(stored?.birthdayChanges).toBe(1);
  });
});
