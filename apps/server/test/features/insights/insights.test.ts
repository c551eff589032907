import type { InsightsResponse } from "@sams-web/domain/insights/contracts";
import { INSIGHTS_CACHE_SECONDS, INSIGHTS_DAYS } from "@sams-web/domain/insights/rules";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches, matchOutcomes, moderationActions, reports, users } from "../../../src/db/schema.ts";
import { createInsightsService } from "../../../src/features/insights/service.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { createPerson } from "../../support/matching-fixtures.ts";

// The moderators' insights: counts per UTC day over the last 90 days from the tables that record
// each thing and from the daily tallies, only for moderators, computed once a minute however many
// ask, and never a person in them.

const MODERATOR_EMAIL = "insights-moderator@example.com";
const UNVERIFIED_MODERATOR_EMAIL = "unverified-moderator@example.com";
const t = await createTestApp({ ADMIN_EMAILS: `${MODERATOR_EMAIL},${UNVERIFIED_MODERATOR_EMAIL}` });
const moderator = await signUp(t.app, { email: MODERATOR_EMAIL });
await t.db
  .update(users)
  .set({ emailVerified: true, mailboxProvenAt: new Date() })
  .where(eq(users.id, moderator.userId));

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const read = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/admin/insights", headers: cookie ? { cookie } : {} });

describe("who may read the insights", () => {
  it("a moderator may; a signed-in person, an unverified moderator's address and a guest get the 404 of no route", async () => {
    expect((await read(moderator.cookie)).statusCode).toBe(200);
    const person = await signUp(t.app);
    const unverified = await signUp(t.app, { email: UNVERIFIED_MODERATOR_EMAIL });
    for (const cookie of [person.cookie, unverified.cookie, undefined]) {
      const response = await read(cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { status: "NOT_FOUND", code: "noRoute", message: "No route for GET /api/admin/insights" },
      });
    }
  });
});

describe("the figures", () => {
  it("count each thing on its UTC day over the last 90 days, and name nobody", async () => {
    // People: one a year ago (outside the window), the rest now.
    const old = await createPerson(t.db, { name: "Oldfield" });
    await t.db
      .update(users)
      .set({ createdAt: daysAgo(365) })
      .where(eq(users.id, old));
    const ann = await createPerson(t.db, { name: "Annabel", email: "annabel@example.com" });
    const bob = await createPerson(t.db, { name: "Bartholomew", gender: "man", seekingGender: "woman" });
    const cy = await createPerson(t.db, { name: "Cyprian", gender: "man", seekingGender: "woman" });

    // Reports 3 days ago, a decision 2 days ago, and a report 100 days ago (outside).
    await t.db.insert(reports).values([
      {
        reporterId: ann,
        reportedId: bob,
        reporterMailboxKey: "mailbox-ann",
        reason: "harassment",
        text: "He wrote rude things",
        createdAt: daysAgo(3),
      },
      {
        reporterId: cy,
        reportedId: bob,
        reporterMailboxKey: "mailbox-cy",
        reason: "scamOrSpam",
        createdAt: daysAgo(3),
      },
      { reporterId: ann, reportedId: cy, reporterMailboxKey: "mailbox-ann", reason: "other", createdAt: daysAgo(100) },
    ]);
    await t.db
      .insert(moderationActions)
      .values({ moderatorId: moderator.userId, subjectId: bob, action: "suspend", reason: "x", createdAt: daysAgo(2) });

    // Two connections 20 days ago (scores 92 and 65), each pair as its two records; answers.
    const connectedAt = daysAgo(20);
    const pair = (a: string, b: string, score: number) => [
      { userId: a, candidateId: b, status: "connected", score, connectedAt },
      { userId: b, candidateId: a, status: "connected", score, connectedAt },
    ];
    await t.db.insert(matches).values([...pair(ann, bob, 92), ...pair(ann, cy, 65)]);
    await t.db.insert(matchOutcomes).values([
      { userId: ann, candidateId: bob, askedAt: daysAgo(6), outcome: "met", answeredAt: daysAgo(5) },
      { userId: bob, candidateId: ann, askedAt: daysAgo(6), outcome: "talked", answeredAt: daysAgo(5) },
      { userId: ann, candidateId: cy, askedAt: daysAgo(6) },
      { userId: cy, candidateId: ann, askedAt: daysAgo(6), outcome: "didNotTalk", answeredAt: daysAgo(4) },
    ]);

    // What only the tallies know, counted as the features count it (and not yet written).
    t.app.metrics.interviewCompleted();
    t.app.metrics.searchFinished("found", 1.5);
    t.app.metrics.searchFinished("nobody", 0.5);
    t.app.metrics.searchFinished("nobody", 0.5);
    t.app.metrics.matchStep("found", 4);
    t.app.metrics.matchStep("photoReview", 2);
    t.app.metrics.matchStep("kept");
    t.app.metrics.modelCall({ purpose: "scorer", outcome: "ok", seconds: 0.4, inputTokens: 300, outputTokens: 40 });
    t.app.metrics.modelCall({ purpose: "reply", outcome: "timeout", seconds: 30 });

    // A new server-side computation (the app's own may hold one from the first test).
    const service = createInsightsService({ db: t.db, flushTallies: () => t.app.flushTallies() });
    const figures = await service.read();
    const today = figures.days.length - 1;
    const at = (day: Date) => figures.days.indexOf(utcDay(day));

    expect(figures.days).toHaveLength(INSIGHTS_DAYS);
    expect(figures.days[today]).toBe(utcDay(new Date()));
    // The moderator, the people made now and the others signed up by the first test; not the old one.
    expect(figures.daily.signUps.reduce((a, b) => a + b, 0)).toBe((await t.db.select().from(users)).length - 1);
    expect(figures.daily.reports[at(daysAgo(3))]).toBe(2);
    expect(figures.daily.reports.reduce((a, b) => a + b, 0)).toBe(2);
    expect(figures.daily.decisions[at(daysAgo(2))]).toBe(1);
    expect(figures.daily.interviewsCompleted[today]).toBe(1);
    expect(figures.daily.searchesFound[today]).toBe(1);
    expect(figures.daily.searchesNobody[today]).toBe(2);
    expect(figures.daily.modelCalls[today]).toBe(2);
    expect(figures.daily.modelTokens[today]).toBe(340);
    expect(figures.funnel).toEqual({ found: 4, followupsAnswered: 0, photoReview: 2, kept: 1, connected: 0 });
    expect(figures.connectionsByWeek.reduce((sum, week) => sum + week.connections, 0)).toBe(2);
    expect(figures.connectionsByWeek.every((week) => new Date(`${week.week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const band = (label: string) => figures.outcomesByBand.find((row) => row.band === label);
    expect(band("90–100")).toEqual({ band: "90–100", connections: 1, asked: 1, answered: 1, met: 1, metShare: 1 });
    expect(band("60–69")).toEqual({ band: "60–69", connections: 1, asked: 1, answered: 1, met: 0, metShare: 0 });
    expect(band("<60")).toEqual({ band: "<60", connections: 0, asked: 0, answered: 0, met: 0, metShare: null });
    expect(band("all")).toMatchObject({ connections: 2, answered: 2, met: 1, metShare: 0.5 });

    // Counts only: not a name, an email, an id or a word anyone wrote.
    const text = JSON.stringify(figures);
    for (const secret of [ann, bob, cy, old, moderator.userId, "annabel", "Annabel", "Bartholomew", "rude"]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("the computation", () => {
  it("is shared by any number of readers for a minute, then made again; a failure is not kept", async () => {
    let now = new Date("2026-11-20T12:00:00Z");
    let flushes = 0;
    let failNext = false;
    const service = createInsightsService({
      db: t.db,
      flushTallies: async () => {
        flushes += 1;
        if (failNext) {
          failNext = false;
          throw new Error("database away");
        }
      },
      now: () => now,
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.read()));
    expect(flushes).toBe(1);
    expect(new Set(answers.map((answer: InsightsResponse) => answer.computedAt)).size).toBe(1);

    now = new Date(now.getTime() + (INSIGHTS_CACHE_SECONDS - 1) * 1000);
    await service.read();
    expect(flushes).toBe(1);

    now = new Date(now.getTime() + 2000);
    failNext = true;
    await expect(service.read()).rejects.toThrow("database away");
    const again = await service.read();
    expect(flushes).toBe(3);
    expect(again.computedAt).toBe(now.getTime());
  });

  it("a hundred moderators' requests at once are all answered, from one computation", async () => {
    const responses = await Promise.all(Array.from({ length: 100 }, () => read(moderator.cookie)));
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([200]));
    expect(new Set(responses.map((response) => (response.json() as InsightsResponse).computedAt)).size).toBe(1);
  });
});
