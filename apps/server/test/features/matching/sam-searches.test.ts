import { SAM_FIRST_SEARCH_DELAY_MS, SEARCHES_PER_DAY } from "@sams-web/domain/matching/rules";
import { PUSH_BODIES } from "@sams-web/domain/notifications/messages";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matches, profiles, searches, standingSearches } from "../../../src/db/schema.ts";
import { queueSamSearch, SAM_SEARCH_QUEUE } from "../../../src/features/matching/standing/jobs.ts";
import { StandingSearches } from "../../../src/features/matching/standing/service.ts";
import { createPgBossJobs, type InlineJobs, type Jobs } from "../../../src/platform/jobs/jobs.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import { call, createPerson, signedUpPerson } from "../../support/matching-fixtures.ts";
import { mailsTo } from "../../support/outbox.ts";

// Sam's own searches: a person who turns Still Looking is searched for a few minutes later and then
// about daily, by the search's own steps, within the same daily allowance; and several instances
// sweeping at once search once per person.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const jobs = () => t.app.jobs as InlineJobs;

async function searchOf(userId: string) {
  const [row] = await t.db.select().from(searches).where(eq(searches.userId, userId));
  return row ?? null;
}

describe("when a person becomes searchable", () => {
  it("turning Still Looking on queues Sam's first search a few minutes later, and nothing else", async () => {
    const me = await signedUpPerson(t, { zipCode: "97201", status: "unavailable" });
    const before = Date.now();
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: me.cookie, origin: "http://localhost:3000" },
      payload: { status: "active" },
    });
    expect(response.statusCode).toBe(200);
    const queued = jobs().delayed.filter(
      (job) => job.name === SAM_SEARCH_QUEUE && (job.data as { userId: string }).userId === me.userId,
    );
    expect(queued).toHaveLength(1);
    const at = queued[0]?.startAfter.getTime() ?? 0;
    expect(at).toBeGreaterThanOrEqual(before + SAM_FIRST_SEARCH_DELAY_MS);
    expect(at).toBeLessThanOrEqual(Date.now() + SAM_FIRST_SEARCH_DELAY_MS);
    expect(await searchOf(me.userId)).toBeNull();
    // A change that leaves them searchable queues nothing more.
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: me.cookie, origin: "http://localhost:3000" },
      payload: { searchRadius: 40 },
    });
    expect(jobs().delayed.filter((job) => (job.data as { userId?: string }).userId === me.userId)).toHaveLength(1);
  });
});

describe("Sam's search", () => {
  it("finds someone without a button: both are told, it counts in the day's allowance, and is not repeated that day", async () => {
    const ana = await createPerson(t.db, { gender: "woman", seekingGender: "man", zipCode: "02108", name: "Ana" });
    const ben = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "02109", name: "Ben" });
    await jobs().run(SAM_SEARCH_QUEUE, { userId: ana });
    const pair = await t.db
      .select()
      .from(matches)
      .where(inArray(matches.userId, [ana, ben]));
    expect(pair).toHaveLength(2);
    expect((await searchOf(ana))?.searchesThatDay).toBe(1);
    // Ana did not watch Sam's search, nor Ben: each is emailed that Sam found someone.
    expect(await mailsTo(t, `${ana}@example.com`, PUSH_BODIES.newPeople)).toHaveLength(1);
    expect(await mailsTo(t, `${ben}@example.com`, PUSH_BODIES.newPeople)).toHaveLength(1);
    const [standing] = await t.db.select().from(standingSearches).where(eq(standingSearches.userId, ana));
    expect(standing?.nextAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    // Run again the same day (a retried job, a second instance): nothing more is searched.
    await jobs().run(SAM_SEARCH_QUEUE, { userId: ana });
    expect((await searchOf(ana))?.searchesThatDay).toBe(1);
  });

  it(`takes from the same ${SEARCHES_PER_DAY} searches a day: after three by hand, Sam does not search`, async () => {
    const me = await createPerson(t.db, { gender: "woman", seekingGender: "man", zipCode: "60601" });
    await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "60602" });
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 21 * 3_600_000);
    await t.db.insert(searches).values({
      userId: me,
      state: "done",
      startedAt: longAgo,
      candidateIds: [],
      searchesDay: today,
      searchesThatDay: SEARCHES_PER_DAY,
    });
    await t.db.update(profiles).set({ searchStarted: longAgo }).where(eq(profiles.userId, me));
    await t.db.execute(sql`update searches set updated_at = ${longAgo} where user_id = ${me}`);
    await jobs().run(SAM_SEARCH_QUEUE, { userId: me });
    expect((await searchOf(me))?.searchesThatDay).toBe(SEARCHES_PER_DAY);
    expect(await t.db.select().from(matches).where(eq(matches.userId, me))).toEqual([]);
  });

  it("does not search for someone who pressed Begin Search in the last hours, nor for three live matches", async () => {
    const me = await signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode: "94103" });
    await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "94102" });
    await call(t.app, me.cookie, "triggeredPrelimMatch");
    await call(t.app, me.cookie, "triggeredMatchingAlgo");
    const byHand = await searchOf(me.userId);
    await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "94105" });
    await jobs().run(SAM_SEARCH_QUEUE, { userId: me.userId });
    expect((await searchOf(me.userId))?.searchesThatDay).toBe(byHand?.searchesThatDay);
    // A day after the search by hand, not a day from now.
    const [standing] = await t.db.select().from(standingSearches).where(eq(standingSearches.userId, me.userId));
    expect(standing?.nextAt.getTime()).toBe((byHand?.startedAt.getTime() ?? 0) + 86_400_000);
  });

  it("stops for a person who is no longer Still Looking", async () => {
    const me = await createPerson(t.db, { zipCode: "33101", status: "unavailable" });
    await t.db.insert(standingSearches).values({ userId: me, nextAt: new Date() });
    await jobs().run(SAM_SEARCH_QUEUE, { userId: me });
    expect(await t.db.select().from(standingSearches).where(eq(standingSearches.userId, me))).toEqual([]);
    expect(await searchOf(me)).toBeNull();
  });
});

describe("several instances", () => {
  const bosses: Jobs[] = [];
  afterAll(async () => {
    for (const boss of bosses) await boss.stop();
  });

  it("sweeping at once, they hand each due person to one search, once", async () => {
    const people: string[] = [];
    for (let i = 0; i < 30; i += 1) people.push(await createPerson(t.db, { zipCode: "80202", status: "unavailable" }));
    await t.db
      .insert(standingSearches)
      .values(people.map((userId) => ({ userId, nextAt: new Date(Date.now() - 1000) })));

    const runs: string[] = [];
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const boss = await createPgBossJobs({ connectionString: t.databaseUrl });
        bosses.push(boss);
        const standing = new StandingSearches({
          db: t.db,
          // Each run records itself; these people are not Still Looking, so nothing else happens.
          matching: {
            preliminaryMatch: async () => ({ candidates: 0 }),
            scoreCandidates: async () => ({ photoValidation: 0, followupsQueued: 0, no: 0 }),
          },
          enqueue: (userId) => queueSamSearch(boss, userId),
          now: Date.now,
        });
        await boss.work<{ userId: string }>(
          SAM_SEARCH_QUEUE,
          async ({ userId }) => {
            runs.push(userId);
            await standing.run(userId);
          },
          { policy: "stately", batchSize: 4 },
        );
        return standing;
      }),
    );
    const [a, b] = instances as [StandingSearches, StandingSearches];
    const handed = await Promise.all([a.sweep(), b.sweep(), a.sweep(), b.sweep()]);
    expect(handed.reduce((sum, n) => sum + n, 0)).toBe(people.length);
    const deadline = Date.now() + 60_000;
    while (runs.length < people.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect([...runs].sort()).toEqual([...people].sort());
    // Handed out once: a sweep now finds nobody due (the run dropped those no longer Still Looking).
    expect(await a.sweep()).toBe(0);
    // And one queued search per person at most: a second one for a person already queued is refused.
    expect(
      await bosses[0]?.send(
        SAM_SEARCH_QUEUE,
        { userId: "x" },
        { singletonKey: "x", startAfter: new Date(Date.now() + 60_000) },
      ),
    ).not.toBeNull();
    expect(
      await bosses[1]?.send(
        SAM_SEARCH_QUEUE,
        { userId: "x" },
        { singletonKey: "x", startAfter: new Date(Date.now() + 60_000) },
      ),
    ).toBeNull();
  }, 120_000);
});
