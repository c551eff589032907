import { randomBytes } from "node:crypto";
import { ACCOUNT_ERROR_CODES } from "@sams-web/domain/accounts/contracts";
import type { QueueEntry } from "@sams-web/domain/safety/contracts";
import { REPORTER_MIN_ACCOUNT_AGE_DAYS, SHADOW_HIDE_REPORTERS } from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches, profiles, reports, users } from "../../../src/db/schema.ts";
import { post } from "../../support/accounts.ts";
import { createTestApp, signUp, type TestApp } from "../../support/helpers.ts";
import { call, createPerson } from "../../support/matching-fixtures.ts";

// Reports can hide a person before a moderator looks, so they are a tool an attacker would turn
// on a member: one person with several plus-addressed accounts, fresh accounts made by script,
// the same accounts again after a dismiss, or accounts deleted to wipe the evidence. Each is
// tried here, against the real server and database, and must not get through.

const ADMIN_EMAIL = "moderator@example.com";
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let moderator: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  moderator = await signUp(t.app, { email: ADMIN_EMAIL });
  await t.db
    .update(users)
    .set({ emailVerified: true, mailboxProvenAt: new Date() })
    .where(eq(users.id, moderator.userId));
});

const unique = () => randomBytes(4).toString("hex");

/**
 * A signed-up reporter Sam showed `target` to, ready to search; `ageDays` old, verified unless
 * told otherwise, reporting from `address`.
 */
async function reporter(
  target: string,
  options: { email?: string; ageDays?: number; verified?: boolean; name?: string } = {},
) {
  const account = await signUp(t.app, { email: options.email, name: options.name ?? "Reporter" });
  await createPerson(t.db, { userId: account.userId, name: options.name ?? "Reporter", gender: "man" });
  await t.db
    .update(users)
    .set({
      emailVerified: options.verified ?? true,
      createdAt: new Date(Date.now() - (options.ageDays ?? 30) * DAY_MS),
    })
    .where(eq(users.id, account.userId));
  await t.db.insert(matches).values([
    { userId: account.userId, candidateId: target, status: "photoValidation", score: 80 },
    { userId: target, candidateId: account.userId, status: "photoValidation", score: 80 },
  ]);
  return account;
}

const report = (who: { cookie: string }, personId: string, address = "198.51.100.7") =>
  t.app.inject({
    method: "POST",
    url: "/api/call/reportPerson",
    headers: { cookie: who.cookie },
    payload: { data: { personId, reason: "harassment", text: "Rude." } },
    remoteAddress: address,
  });

const hidden = async (userId: string) =>
  ((await t.db.select({ at: profiles.shadowHiddenAt }).from(profiles).where(eq(profiles.userId, userId)))[0]?.at ??
    null) !== null;

const queueEntry = async (userId: string): Promise<QueueEntry | undefined> => {
  const answer = await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: moderator.cookie } });
  return (answer.json() as { entries: QueueEntry[] }).entries.find((entry) => entry.id === userId);
};

describe("who counts as a reporter towards a hide", () => {
  it("accounts on one mailbox (case, plus-tags, Gmail's dots) count as one reporter: three of them hide nobody", async () => {
    const target = await createPerson(t.db, { name: "Target" });
    const box = `mal${unique()}`;
    const addresses = [`${box}+1@example.com`, `${box.toUpperCase()}+2@Example.com`, `${box}+3@example.com`];
    for (const email of addresses) {
      expect((await report(await reporter(target, { email }), target)).statusCode).toBe(200);
    }
    expect(await hidden(target)).toBe(false);

    const gmailTarget = await createPerson(t.db, { name: "Target" });
    const gmail = [`m.a.l${box}@gmail.com`, `mal${box}+x@googlemail.com`, `MAL.${box}@gmail.com`];
    for (const email of gmail) await report(await reporter(gmailTarget, { email }), gmailTarget);
    expect(await hidden(gmailTarget)).toBe(false);

    // The counter-example: three people with mailboxes of their own do hide her.
    const third = await createPerson(t.db, { name: "Target" });
    for (let i = 0; i < SHADOW_HIDE_REPORTERS; i += 1) await report(await reporter(third), third);
    expect(await hidden(third)).toBe(true);
  });

  it(`accounts younger than ${REPORTER_MIN_ACCOUNT_AGE_DAYS} days or unverified do not count: their reports reach the moderator, but hide nobody`, async () => {
    const target = await createPerson(t.db, { name: "Target" });
    await report(await reporter(target, { ageDays: 0 }), target);
    await report(await reporter(target, { ageDays: REPORTER_MIN_ACCOUNT_AGE_DAYS - 1 }), target);
    await report(await reporter(target, { verified: false }), target);
    expect(await hidden(target)).toBe(false);
    const entry = await queueEntry(target);
    expect(entry?.reports).toHaveLength(3);
    expect(entry?.reports.map((r) => r.countsTowardHide)).toEqual([false, false, false]);
  });

  it("after a dismiss, the same reporters cannot hide the person again; someone new still counts", async () => {
    const target = await createPerson(t.db, { name: "Target" });
    const three = [await reporter(target), await reporter(target), await reporter(target)];
    for (const who of three) await report(who, target);
    expect(await hidden(target)).toBe(true);
    const dismissed = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: target,
      action: "dismiss",
      reason: "Nothing in the photos or words",
    });
    expect(dismissed.status).toBe(200);
    expect(await hidden(target)).toBe(false);

    // Their own reports ended their pairs with her: they are shown her no more, and cannot report again.
    for (const who of three) expect((await report(who, target)).statusCode).toBe(404);
    expect(await hidden(target)).toBe(false);
    // New accounts on the dismissed reporters' mailboxes, shown her afresh, report but do not count.
    const [first] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, three[0]?.userId ?? ""));
    const [local, domain] = (first?.email ?? "x@y").split("@");
    await report(await reporter(target, { email: `${local}+again@${domain}` }), target);
    expect(await hidden(target)).toBe(false);
    const entry = await queueEntry(target);
    expect(entry?.reports).toHaveLength(1);
    expect(entry?.reports.every((r) => !r.countsTowardHide)).toBe(true);
    // Three people the moderator has not heard from yet do hide her again.
    for (let i = 0; i < SHADOW_HIDE_REPORTERS; i += 1) await report(await reporter(target), target);
    expect(await hidden(target)).toBe(true);
  });
});

describe("what the moderator sees of the reporters", () => {
  it("per report: the reporter's account age, and which reports share a mailbox or an address", async () => {
    const target = await createPerson(t.db, { name: "Target" });
    const box = `twin${unique()}`;
    const a = await reporter(target, { email: `${box}+a@example.com`, ageDays: 2, name: "Ann" });
    const b = await reporter(target, { email: `${box}+b@example.com`, ageDays: 400, name: "Bea" });
    const c = await reporter(target, { ageDays: 40, name: "Cy" });
    await report(a, target, "203.0.113.9");
    await report(b, target, "198.51.100.20");
    await report(c, target, "203.0.113.9");
    const entry = await queueEntry(target);
    const seen = entry?.reports.map((r) => ({
      name: r.reporterFirstName,
      age: r.reporterAccountAgeDays,
      mailbox: r.mailboxGroup,
      address: r.addressGroup,
    }));
    expect(seen).toEqual([
      { name: "Ann", age: 2, mailbox: 1, address: 1 },
      { name: "Bea", age: 400, mailbox: 1, address: 2 },
      { name: "Cy", age: 40, mailbox: 2, address: 1 },
    ]);
  });
});

describe("reports outlive the reporter's account", () => {
  it("reporters who delete their accounts leave their reports, without their name or account, and the hide stands on them, first in the queue", async () => {
    const target = await createPerson(t.db, { name: "Target" });
    const three = [await reporter(target), await reporter(target), await reporter(target)];
    for (const who of three) await report(who, target);
    expect(await hidden(target)).toBe(true);
    for (const who of three) {
      const deleted = await post(t.app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: who.cookie });
      expect(deleted.statusCode).toBe(200);
    }
    const kept = await t.db.select().from(reports).where(eq(reports.reportedId, target));
    expect(kept).toHaveLength(3);
    expect(kept.every((row) => row.reporterId === null)).toBe(true);
    expect(await hidden(target)).toBe(true);

    const answer = await t.app.inject({
      method: "GET",
      url: "/api/admin/queue",
      headers: { cookie: moderator.cookie },
    });
    const entries = (answer.json() as { entries: QueueEntry[] }).entries;
    const entry = entries.find((e) => e.id === target);
    expect(entry?.reports.map((r) => r.reporterFirstName)).toEqual([null, null, null]);
    expect(entry?.reports.map((r) => r.text)).toEqual(["Rude.", "Rude.", "Rude."]);
    // Waiting for a decision, by its oldest report: ahead of everyone reported after it.
    const later = await createPerson(t.db, { name: "Later" });
    await report(await reporter(later), later);
    const order = (
      (
        await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: moderator.cookie } })
      ).json() as {
        entries: QueueEntry[];
      }
    ).entries.map((e) => e.id);
    expect(order.indexOf(target)).toBeLessThan(order.indexOf(later));
  });
});

describe("a suspension holds against the same mailbox", () => {
  it("a suspended person cannot sign up again with a plus-tag, another case or Gmail's dots", async () => {
    const box = `banned${unique()}`;
    const banned = await signUp(t.app, { email: `${box}@gmail.com` });
    // An account on the same mailbox made before: suspended with it, its session ended.
    const earlier = await signUp(t.app, { email: `${box}+old@gmail.com` });
    const suspended = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: banned.userId,
      action: "suspend",
      reason: "Scam",
    });
    expect(suspended.status).toBe(200);
    const [sibling] = await t.db.select().from(profiles).where(eq(profiles.userId, earlier.userId));
    expect(sibling?.suspendedAt).not.toBeNull();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: earlier.cookie } })).statusCode,
    ).toBe(401);
    for (const email of [
      `${box}+2@gmail.com`,
      `${box.slice(0, 3)}.${box.slice(3)}@googlemail.com`,
      `${box.toUpperCase()}+x@GMAIL.com`,
    ]) {
      const again = await post(
        t.app,
        "/api/auth/sign-up/email",
        { email, password: "a-new-start-1234", name: "Again" },
        { botcheck: true },
      );
      expect(again.statusCode, email).toBe(403);
      expect(again.json().code).toBe(ACCOUNT_ERROR_CODES.suspended);
      expect(again.json().message).toBe(MESSAGES.accountSuspended);
      expect(await t.db.select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
    }
    // Someone else's address is not caught by it.
    expect((await signUp(t.app, { email: `${box}x@gmail.com` })).userId).toBeTruthy();
  });
});
