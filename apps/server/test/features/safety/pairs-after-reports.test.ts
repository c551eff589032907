import { SHADOW_HIDE_REPORTERS } from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches, profiles, reports, users } from "../../../src/db/schema.ts";
import { createTestApp, signUp, type TestApp } from "../../support/helpers.ts";
import { call, createPerson } from "../../support/matching-fixtures.ts";
import { type Mail, mailsTo } from "../../support/outbox.ts";

// What reports do to pairs, tried as an attacker would through the API: reporting people one was
// never shown to hide them, a hidden person keeping and confirming to get someone's email anyway,
// and the reported person reading the reporter's name in their own matches.

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A signed-up person ready to search, verified and a month old, so their reports count. */
async function person(name: string) {
  const account = await signUp(t.app, { name });
  await createPerson(t.db, { userId: account.userId, name });
  await t.db
    .update(users)
    .set({ emailVerified: true, createdAt: new Date(Date.now() - 30 * DAY_MS) })
    .where(eq(users.id, account.userId));
  return account;
}

/** Both records of a pair, each at the status given. */
const pairAt = (a: string, b: string, status: string, theirs = status) =>
  t.db.insert(matches).values([
    { userId: a, candidateId: b, status, score: 80 },
    { userId: b, candidateId: a, status: theirs, score: 80 },
  ]);

const statusOf = async (owner: string, other: string) =>
  (
    await t.db
      .select({ status: matches.status })
      .from(matches)
      .where(and(eq(matches.userId, owner), eq(matches.candidateId, other)))
  )[0]?.status;

const report = (who: { cookie: string }, personId: string) =>
  call(t.app, who.cookie, "reportPerson", { personId, reason: "harassment", text: "Rude." });

const hiddenAt = async (userId: string) =>
  (await t.db.select({ at: profiles.shadowHiddenAt }).from(profiles).where(eq(profiles.userId, userId)))[0]?.at ?? null;

/** Hides `target` as reports do: SHADOW_HIDE_REPORTERS people shown her photos report her. */
async function hideByReports(target: string) {
  for (let i = 0; i < SHADOW_HIDE_REPORTERS; i += 1) {
    const reporter = await person(`Reporter${i}`);
    await pairAt(reporter.userId, target, "photoValidation");
    expect((await report(reporter, target)).status).toBe(200);
  }
  expect(await hiddenAt(target)).not.toBeNull();
}

/** The introductions (both said yes) emailed to `email`. */
async function introductionsTo(email: string): Promise<Mail[]> {
  return (await mailsTo(t, email)).filter((mail) => mail.text.includes("Sam found you a match"));
}

describe("only people shown a person's photos can report them", () => {
  it("a pair scored 'no' or still at its follow-up questions reports nobody: three such accounts hide nobody", async () => {
    const target = await createPerson(t.db, { name: "Target" });
    for (const status of ["no", "followupsQueued", "followupsAnswered"]) {
      const attacker = await person("Mal");
      await pairAt(attacker.userId, target, status);
      const answer = await report(attacker, target);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(MESSAGES.personNotFound);
    }
    expect(await t.db.select().from(reports).where(eq(reports.reportedId, target))).toEqual([]);
    expect(await hiddenAt(target)).toBeNull();

    // The counter-example: people at photo review, or further, do report and hide her.
    for (const status of ["photoValidation", "matchPending", "connected"]) {
      const reporter = await person("Reporter");
      await pairAt(reporter.userId, target, status);
      expect((await report(reporter, target)).status).toBe(200);
    }
    expect(await hiddenAt(target)).not.toBeNull();
  });
});

describe("a person hidden by reports", () => {
  it("cannot keep, be kept, confirm or connect: the pair stays where it was and nobody is introduced", async () => {
    const hidden = await person("Hidden");
    const keeper = await person("Keeper");
    const confirmer = await person("Confirmer");
    await pairAt(hidden.userId, keeper.userId, "photoValidation");
    // The confirmer already confirmed: the hidden person's confirmation alone would connect them.
    await pairAt(hidden.userId, confirmer.userId, "matchPending", "confirmed");
    await hideByReports(hidden.userId);

    for (const [who, other] of [
      [keeper, hidden],
      [hidden, keeper],
    ] as const) {
      const kept = await call(t.app, who.cookie, "triggeredPhotoMatch", { matchUid: other.userId, action: "accepted" });
      expect(kept.status).toBe(400);
      expect(kept.body.error.message).toBe(MESSAGES.matchTransitionRefused);
    }
    expect([await statusOf(hidden.userId, keeper.userId), await statusOf(keeper.userId, hidden.userId)]).toEqual([
      "photoValidation",
      "photoValidation",
    ]);

    const confirmed = await call(t.app, hidden.cookie, "triggeredMatchConfirmation", { matchId: confirmer.userId });
    expect(confirmed.body.error.message).toBe(MESSAGES.matchTransitionRefused);
    expect(await statusOf(hidden.userId, confirmer.userId)).toBe("matchPending");
    expect(await statusOf(confirmer.userId, hidden.userId)).toBe("confirmed");
    expect(await introductionsTo(hidden.email)).toEqual([]);
    expect(await introductionsTo(confirmer.email)).toEqual([]);

    // Either may still end the pair.
    const freed = await call(t.app, keeper.cookie, "triggeredPhotoMatch", {
      matchUid: hidden.userId,
      action: "declined",
    });
    expect(freed.status).toBe(200);
    expect(await statusOf(keeper.userId, hidden.userId)).toBe("no");
  });

  it("the counter-example: once a moderator's restore lifts the hide, the same confirmation connects them", async () => {
    const hidden = await person("Hidden");
    const confirmer = await person("Confirmer");
    await pairAt(hidden.userId, confirmer.userId, "matchPending", "confirmed");
    await hideByReports(hidden.userId);
    expect((await call(t.app, hidden.cookie, "triggeredMatchConfirmation", { matchId: confirmer.userId })).status).toBe(
      400,
    );
    await t.db.update(profiles).set({ shadowHiddenAt: null }).where(eq(profiles.userId, hidden.userId));
    const connected = await call(t.app, hidden.cookie, "triggeredMatchConfirmation", { matchId: confirmer.userId });
    expect(connected.body.result).toEqual({ message: MESSAGES.matchConnected, connected: true });
    expect(await introductionsTo(confirmer.email)).toHaveLength(1);
  });

  it("a hide landing while the hidden person confirms: the pair connects wholly before it, or not at all", async () => {
    for (let round = 0; round < 3; round += 1) {
      const target = await person("Target");
      const other = await person("Other");
      await pairAt(target.userId, other.userId, "matchPending", "confirmed");
      const reporters = [];
      for (let i = 0; i < SHADOW_HIDE_REPORTERS; i += 1) {
        const reporter = await person(`Reporter${i}`);
        await pairAt(reporter.userId, target.userId, "photoValidation");
        reporters.push(reporter);
      }
      await Promise.all([
        ...reporters.map((reporter) => report(reporter, target.userId)),
        call(t.app, target.cookie, "triggeredMatchConfirmation", { matchId: other.userId }),
      ]);
      expect(await hiddenAt(target.userId)).not.toBeNull();
      const statuses = [await statusOf(target.userId, other.userId), await statusOf(other.userId, target.userId)];
      const introductions = (await introductionsTo(other.email)).length + (await introductionsTo(target.email)).length;
      if (statuses[0] === "connected") {
        expect({ statuses, introductions }).toEqual({ statuses: ["connected", "connected"], introductions: 2 });
      } else {
        expect({ statuses, introductions }).toEqual({ statuses: ["matchPending", "confirmed"], introductions: 0 });
      }
    }
  }, 180_000);
});

describe("after a report or a block, neither learns anything more of the other", () => {
  it("the reported person's matches no longer carry the reporter's name, age or distance, nor the reporter's theirs", async () => {
    const ana = await person("Ana Reporter");
    const carl = await person("Carl Reported");
    const bystander = await person("Bea Bystander");
    await pairAt(ana.userId, carl.userId, "photoValidation");
    await pairAt(bystander.userId, carl.userId, "photoValidation");
    const listed = async (who: { cookie: string }) =>
      t.app.inject({ method: "GET", url: "/api/matches", headers: { cookie: who.cookie } });
    // Before the report, each sees the other.
    expect((await listed(carl)).body).toContain("Ana");
    expect((await listed(ana)).body).toContain("Carl");

    expect((await report(ana, carl.userId)).status).toBe(200);
    const carls = await listed(carl);
    expect(carls.statusCode).toBe(200);
    expect(carls.body).not.toContain("Ana");
    expect(carls.body).not.toContain(ana.userId);
    expect(carls.json().matches.map((m: { id: string }) => m.id)).toEqual([bystander.userId]);
    const anas = await listed(ana);
    expect(anas.json().matches).toEqual([]);

    // A block alone does the same.
    expect((await call(t.app, bystander.cookie, "blockPerson", { personId: carl.userId })).status).toBe(200);
    expect((await listed(carl)).json().matches).toEqual([]);
    expect((await listed(bystander)).json().matches).toEqual([]);
    const rows = await t.db
      .select()
      .from(matches)
      .where(inArray(matches.userId, [carl.userId]));
    // The records stay (they hold the pair's end); only what the API shows changed.
    expect(rows.map((row) => row.status).sort()).toEqual(["no", "no"]);
  });
});
