import { ACCOUNT_ERROR_CODES } from "@sams-web/domain/accounts/contracts";
import { MODERATION_QUEUE_LIMIT, REPORTS_PER_DAY, SHADOW_HIDE_REPORTERS } from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  blocks,
  duplicatePhotos,
  matches,
  moderationActions,
  profiles,
  reports,
  sessions,
  users,
} from "../../../src/db/schema.ts";
import { createInlineJobs } from "../../../src/platform/jobs/jobs.ts";
import type { MailMessage } from "../../../src/platform/mail/mailer.ts";
import { MAIL_RETRY_QUEUE } from "../../../src/platform/mail/retrying-mailer.ts";
import { createTestApp, signUp, solveBotcheck, type TestApp } from "../../support/helpers.ts";
import { call, createPerson, signedUpPerson } from "../../support/matching-fixtures.ts";
import { mailsTo } from "../../support/outbox.ts";
import { freePort } from "../../support/own-postgres.ts";
import { readZip } from "../../support/zip.ts";

// Unmatch, block and report, and the moderation that acts on reports, tried the way an attacker
// would: against people one was never shown, another person's data, non-moderators on every
// moderation route, and many requests at once.

const ADMIN_EMAIL = "moderator@example.com";
let t: TestApp;
let moderator: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other-admin@example.com,second-moderator@example.com,third-moderator@example.com`,
  });
  moderator = await signUp(t.app, { email: ADMIN_EMAIL });
  await t.db
    .update(users)
    .set({ emailVerified: true, mailboxProvenAt: new Date() })
    .where(eq(users.id, moderator.userId));
});

let zipCounter = 0;
/** ZIP codes far apart (Alaska, Hawaii, the Dakotas…), one per test, so tests never find each other's people. */
const ZIPS = ["99501", "96813", "58501", "57501", "82001", "59601", "83702", "87501", "04330", "05602"];
const nextZip = () => ZIPS[zipCounter++ % ZIPS.length] as string;

/** Me, signed in, and `count` people Sam showed me (a match record both ways), all in one ZIP. */
async function meAndShown(count: number, zip = nextZip()) {
  const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
  const shown: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const other = await createPerson(t.db, { zipCode: zip, name: `Shown${i} Person` });
    await t.db.insert(matches).values([
      { userId: me.userId, candidateId: other, status: "photoValidation", score: 80 },
      { userId: other, candidateId: me.userId, status: "photoValidation", score: 80 },
    ]);
    shown.push(other);
  }
  return { me, shown, zip };
}

const statusesOf = async (a: string, b: string) =>
  (
    await t.db
      .select({ status: matches.status })
      .from(matches)
      .where(
        sql`(${matches.userId} = ${a} and ${matches.candidateId} = ${b}) or (${matches.userId} = ${b} and ${matches.candidateId} = ${a})`,
      )
  ).map((row) => row.status);

/** Whether a fresh search by `searcher` finds `other` (the database function itself). */
async function found(searcher: string, other: string): Promise<boolean> {
  const result = await t.pool.query<{ id: string }>("select preliminary_candidates($1) as id", [searcher]);
  return result.rows.some((row) => row.id === other);
}

/** Reporters count towards a hide once their accounts are verified and a few weeks old. */
const established = (ids: string[]) =>
  t.db
    .update(users)
    .set({ emailVerified: true, createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
    .where(inArray(users.id, ids));

describe("unmatch, block and report", () => {
  it("unmatch sets the pair to 'no' for both, from any stage", async () => {
    const { me, shown } = await meAndShown(1);
    const other = shown[0] as string;
    await t.db.update(matches).set({ status: "connected" }).where(eq(matches.userId, me.userId));
    const answer = await call(t.app, me.cookie, "unmatchPerson", { personId: other });
    expect(answer.body.result).toEqual({ message: MESSAGES.unmatched });
    expect(await statusesOf(me.userId, other)).toEqual(["no", "no"]);
  });

  it("only about someone one was shown: anyone else, or oneself, is 'not found' and nothing changes", async () => {
    const { me } = await meAndShown(0);
    const stranger = await createPerson(t.db, { zipCode: "10001" });
    for (const name of ["unmatchPerson", "blockPerson"]) {
      for (const personId of [stranger, me.userId, "no-such-person"]) {
        const answer = await call(t.app, me.cookie, name, { personId });
        expect(answer.status).toBe(404);
        expect(answer.body.error.message).toBe(MESSAGES.personNotFound);
      }
    }
    const reported = await call(t.app, me.cookie, "reportPerson", { personId: stranger, reason: "scamOrSpam" });
    expect(reported.status).toBe(404);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, me.userId))).toEqual([]);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.userId))).toEqual([]);
  });

  it("signed out: every safety callable is refused", async () => {
    const inputs = {
      unmatchPerson: { personId: "x" },
      blockPerson: { personId: "x" },
      reportPerson: { personId: "x", reason: "other" },
    };
    for (const [name, data] of Object.entries(inputs)) {
      expect((await call(t.app, undefined, name, data)).status).toBe(401);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/connections" })).statusCode).toBe(401);
  });

  it("a blocked pair is never found again, whatever either changes later; before the block they were", async () => {
    const zip = nextZip();
    const me = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
    const other = await createPerson(t.db, { zipCode: zip });
    // The counter-example: before any block, the search finds her.
    expect(await found(me.userId, other)).toBe(true);
    await t.db.insert(matches).values([
      { userId: me.userId, candidateId: other, status: "photoValidation", score: 80 },
      { userId: other, candidateId: me.userId, status: "photoValidation", score: 80 },
    ]);
    expect((await call(t.app, me.cookie, "blockPerson", { personId: other })).body.result).toEqual({
      message: MESSAGES.blocked,
    });
    expect(await statusesOf(me.userId, other)).toEqual(["no", "no"]);
    // Even if their match records were gone and both changed everything, the block holds both ways.
    await t.db.delete(matches).where(eq(matches.userId, me.userId));
    await t.db.delete(matches).where(eq(matches.userId, other));
    await t.db.update(profiles).set({ searchRadius: 500 }).where(eq(profiles.userId, other));
    expect(await found(me.userId, other)).toBe(false);
    expect(await found(other, me.userId)).toBe(false);
  });

  it("a report blocks too, and its text is limited to 1,000 characters", async () => {
    const { me, shown } = await meAndShown(1);
    const other = shown[0] as string;
    const tooLong = await call(t.app, me.cookie, "reportPerson", {
      personId: other,
      reason: "harassment",
      text: "x".repeat(1_001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(MESSAGES.reportTextTooLong);
    const noReason = await call(t.app, me.cookie, "reportPerson", { personId: other, reason: "because" });
    expect(noReason.status).toBe(400);
    const answer = await call(t.app, me.cookie, "reportPerson", {
      personId: other,
      reason: "harassment",
      text: "Rude messages after we connected.",
    });
    expect(answer.body.result).toEqual({ message: MESSAGES.reportReceived });
    const [row] = await t.db.select().from(reports).where(eq(reports.reporterId, me.userId));
    expect(row).toMatchObject({ reportedId: other, reason: "harassment", text: "Rude messages after we connected." });
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.userId))).toHaveLength(1);
  });

  it(`${REPORTS_PER_DAY} reports a day per person, even with twenty sent at once`, async () => {
    const { me, shown } = await meAndShown(20);
    const answers = await Promise.all(
      shown.map((personId) => call(t.app, me.cookie, "reportPerson", { personId, reason: "scamOrSpam" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(REPORTS_PER_DAY);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.body.error.message).toBe(MESSAGES.reportDailyLimit);
    }
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, me.userId))).toHaveLength(REPORTS_PER_DAY);
  });

  it(`shadow-hides after ${SHADOW_HIDE_REPORTERS} different reporters at once, not after three reports by one`, async () => {
    const zip = nextZip();
    const target = await createPerson(t.db, { zipCode: zip, name: "Target" });
    // One person trying to report three times: the first report ends the pair, so they are shown
    // her no more and the next two are refused.
    const single = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
    await established([single.userId]);
    await t.db
      .insert(matches)
      .values({ userId: single.userId, candidateId: target, status: "photoValidation", score: 70 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await call(t.app, single.cookie, "reportPerson", { personId: target, reason: "other" })).status);
    }
    expect(statuses).toEqual([200, 404, 404]);
    const [afterOne] = await t.db.select().from(profiles).where(eq(profiles.userId, target));
    expect(afterOne?.shadowHiddenAt).toBeNull();

    // Then two more different people, at the same moment: the third reporter hides her.
    const others = await Promise.all(
      [0, 1].map(() => signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip })),
    );
    await established(others.map((other) => other.userId));
    const bystander = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
    expect(await found(bystander.userId, target)).toBe(true);
    for (const other of others) {
      await t.db
        .insert(matches)
        .values({ userId: other.userId, candidateId: target, status: "photoValidation", score: 70 });
    }
    await Promise.all(
      others.map((other) => call(t.app, other.cookie, "reportPerson", { personId: target, reason: "fakeProfile" })),
    );
    const [hidden] = await t.db.select().from(profiles).where(eq(profiles.userId, target));
    expect(hidden?.shadowHiddenAt).not.toBeNull();
    expect(await found(bystander.userId, target)).toBe(false);
  });
});

describe("moderation", () => {
  const queue = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/queue", headers: cookie ? { cookie } : {} });

  it("is not there for anyone but a verified moderator: 404 like an unknown route", async () => {
    const person = await signedUpPerson(t, { zipCode: "10001" });
    const unknown = await t.app.inject({ method: "GET", url: "/api/admin/nothing-here" });
    for (const cookie of [undefined, person.cookie]) {
      const answer = await queue(cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.status).toBe(unknown.json().error.status);
      const acted = await call(t.app, cookie, "moderatePerson", {
        subjectId: person.userId,
        action: "suspend",
        reason: "x",
      });
      expect(acted.status).toBe(404);
      expect(acted.body.error.message).toBe("There is no callable named moderatePerson.");
    }
    // An unverified account with a moderator's address is no moderator.
    const pretender = await signUp(t.app, { email: "other-admin@example.com" });
    expect((await queue(pretender.cookie)).statusCode).toBe(404);
    const [still] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(still?.suspendedAt).toBeNull();
  });

  it("suspend: sessions end, sign-in is refused with a sentence, out of every search, pending matches closed, an email; restore undoes it; each is in the audit log, and the export shows when", async () => {
    const zip = nextZip();
    const reporter = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
    const subject = await signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode: zip });
    const bystander = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
    await t.db.insert(matches).values([
      { userId: reporter.userId, candidateId: subject.userId, status: "photoValidation", score: 80 },
      { userId: subject.userId, candidateId: reporter.userId, status: "photoValidation", score: 80 },
      { userId: subject.userId, candidateId: bystander.userId, status: "matchPending", score: 80 },
      { userId: bystander.userId, candidateId: subject.userId, status: "matchPending", score: 80 },
    ]);
    await call(t.app, reporter.cookie, "reportPerson", {
      personId: subject.userId,
      reason: "scamOrSpam",
      text: "Asked for money.",
    });
    const listed = (await queue(moderator.cookie)).json() as { entries: { id: string; reports: { text: string }[] }[] };
    expect(listed.entries.find((entry) => entry.id === subject.userId)?.reports[0]?.text).toBe("Asked for money.");

    const suspended = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: subject.userId,
      action: "suspend",
      reason: "Scam reports",
    });
    expect(suspended.status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, subject.userId))).toEqual([]);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: subject.cookie } })).statusCode,
    ).toBe(401);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "http://localhost:3000", "x-botcheck": await solveBotcheck(t.app) },
      payload: { email: subject.email, password: subject.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(MESSAGES.accountSuspended);
    // The code the sign-in form turns into that sentence (not the failed bot check a 403 also means).
    expect(signIn.json().code).toBe(ACCOUNT_ERROR_CODES.suspended);
    expect(await statusesOf(subject.userId, bystander.userId)).toEqual(["no", "no"]);
    expect(await found(bystander.userId, subject.userId)).toBe(false);

    const restored = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: subject.userId,
      action: "restore",
      reason: "Appeal accepted",
    });
    expect(restored.status).toBe(200);
    const [back] = await t.db.select().from(profiles).where(eq(profiles.userId, subject.userId));
    expect(back?.suspendedAt).toBeNull();

    // The email that says so, once, to the suspended person.
    expect(await mailsTo(t, subject.email, MESSAGES.suspendedMailSubject)).toHaveLength(1);

    const log = await t.db.select().from(moderationActions).where(eq(moderationActions.subjectId, subject.userId));
    expect(log.map(({ action, reason, moderatorId }) => ({ action, reason, moderatorId }))).toEqual([
      { action: "suspend", reason: "Scam reports", moderatorId: moderator.userId },
      { action: "restore", reason: "Appeal accepted", moderatorId: moderator.userId },
    ]);

    // Restored, she signs in again, and her data export holds the moderation actions about her,
    // without the moderator's identity.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "http://localhost:3000", "x-botcheck": await solveBotcheck(t.app) },
      payload: { email: subject.email, password: subject.password },
    });
    expect(again.statusCode).toBe(200);
    const cookie = again.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const archive = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie } });
    const files = readZip(archive.rawPayload);
    const actions = JSON.parse(files.get("moderation.json")?.toString("utf8") ?? "null");
    expect(actions.map((a: { action: string }) => a.action)).toEqual(["suspend", "restore"]);
    expect(files.get("moderation.json")?.toString("utf8")).not.toContain(ADMIN_EMAIL);
    expect(files.get("moderation.json")?.toString("utf8")).not.toContain("Scam reports");
  });

  it("a moderator cannot suspend themselves or another moderator: nobody could restore them", async () => {
    const other = await signUp(t.app, { email: "third-moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, other.userId));
    for (const subjectId of [moderator.userId, other.userId]) {
      const answer = await call(t.app, moderator.cookie, "moderatePerson", {
        subjectId,
        action: "suspend",
        reason: "x",
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(MESSAGES.moderatorNotSuspended);
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, subjectId));
      expect(profile?.suspendedAt).toBeNull();
      expect(await t.db.select().from(moderationActions).where(eq(moderationActions.subjectId, subjectId))).toEqual([]);
    }
    expect((await queue(moderator.cookie)).statusCode).toBe(200);
    expect((await queue(other.cookie)).statusCode).toBe(200);
  });

  it("two moderators deciding at once make one decision; a decision that no longer applies is refused and changes nothing", async () => {
    const { me, shown } = await meAndShown(1);
    const subject = shown[0] as string;
    await call(t.app, me.cookie, "reportPerson", { personId: subject, reason: "harassment" });
    const second = await signUp(t.app, { email: "second-moderator@example.com" });
    await t.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, second.userId));
    const mailsAbout = async () => {
      const [account] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, subject));
      return mailsTo(t, account?.email ?? "?", MESSAGES.suspendedMailSubject);
    };

    const answers = await Promise.all(
      [moderator, second, moderator, second].map((who, i) =>
        call(t.app, who.cookie, "moderatePerson", { subjectId: subject, action: "suspend", reason: `Press ${i}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect(answers.find((answer) => answer.status === 200)?.body.result.message).toBe(MESSAGES.moderationSuspended);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.error.message).toBe(MESSAGES.moderationStale);
    }
    const log = await t.db.select().from(moderationActions).where(eq(moderationActions.subjectId, subject));
    expect(log.map((entry) => entry.action)).toEqual(["suspend"]);
    expect(await mailsAbout()).toHaveLength(1);

    // Dismiss has nothing left to close; a second restore nothing to lift.
    const dismiss = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: subject,
      action: "dismiss",
      reason: "Late",
    });
    expect(dismiss.body.error.message).toBe(MESSAGES.moderationStale);
    const restores = await Promise.all(
      [moderator, second].map((who) =>
        call(t.app, who.cookie, "moderatePerson", { subjectId: subject, action: "restore", reason: "Appeal" }),
      ),
    );
    expect(restores.map((answer) => answer.status).sort()).toEqual([200, 400]);
    // Nobody by that id: not found, and nothing written.
    const nobody = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: "no-such-person",
      action: "suspend",
      reason: "Typo",
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe(MESSAGES.personNotFound);
    const after = await t.db.select().from(moderationActions).where(eq(moderationActions.subjectId, subject));
    expect(after.map((entry) => entry.action).sort()).toEqual(["restore", "suspend"]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, subject));
    expect(profile?.suspendedAt).toBeNull();
  });

  it(`past ${MODERATION_QUEUE_LIMIT} reported people, the strongest case is chosen even when it was reported last`, async () => {
    // More people reported once (by one mailbox, not counting towards a hide) than the queue shows.
    const crowd = Array.from({ length: MODERATION_QUEUE_LIMIT + 1 }, (_, i) => `u_reported_crowd_${i}`);
    const strong = "u_reported_strong";
    const everyone = [...crowd, strong];
    await t.db.insert(users).values(everyone.map((id) => ({ id, name: "Crowd", email: `${id}@example.com` })));
    await t.db
      .insert(profiles)
      .values(everyone.map((id) => ({ userId: id, displayName: "Crowd", email: `${id}@example.com` })));
    try {
      const long = new Date(Date.now() - 86_400_000);
      await t.db.insert(reports).values(
        crowd.map((id, i) => ({
          reportedId: id,
          reason: "other",
          reporterMailboxKey: `crowd-mailbox-${i}`,
          createdAt: long,
        })),
      );
      // Reported last, by two mailboxes that count towards a hide: the strongest evidence.
      await t.db.insert(reports).values(
        ["strong-a", "strong-b"].map((mailbox) => ({
          reportedId: strong,
          reason: "harassment",
          reporterMailboxKey: mailbox,
          countsTowardHide: true,
        })),
      );
      const listed = (await queue(moderator.cookie)).json() as { entries: { id: string }[] };
      expect(listed.entries).toHaveLength(MODERATION_QUEUE_LIMIT);
      // There (the oldest-first choice cut it off), and ahead of everyone reported once.
      const ids = listed.entries.map((entry) => entry.id);
      expect(ids).toContain(strong);
      expect(ids.indexOf(strong)).toBeLessThan(ids.findIndex((id) => id.startsWith("u_reported_crowd_")));
    } finally {
      await t.db.delete(users).where(inArray(users.id, everyone));
    }
  });

  it("orders the queue by counting reporters, then matched photos, then the closest copy, then open reports; nothing open last", async () => {
    const person = (name: string) => `u_strength_${name}`;
    // The order the queue must show them in, strongest first.
    const strongestFirst = [
      "two_reporters",
      "three_copies",
      "one_close_copy",
      "one_far_copy",
      "one_reporter_three_reports",
      "suspended_later",
      "suspended",
    ].map(person);
    const [twoReporters, threeCopies, oneCloseCopy, oneFarCopy, oneReporterThreeReports, suspendedLater, suspended] =
      strongestFirst as [string, string, string, string, string, string, string];
    const [copiedA, copiedB] = [person("copied_a"), person("copied_b")];
    const everyone = [...strongestFirst, copiedA, copiedB];
    await t.db.insert(users).values(everyone.map((id) => ({ id, name: "Strength", email: `${id}@example.com` })));
    await t.db.insert(profiles).values(
      everyone.map((id) => ({
        userId: id,
        displayName: "Strength",
        email: `${id}@example.com`,
        suspendedAt: id === suspended ? new Date(Date.now() - 60_000) : id === suspendedLater ? new Date() : undefined,
      })),
    );
    try {
      const report = (reportedId: string, mailbox: string, countsTowardHide = true) => ({
        reportedId,
        reason: "other",
        reporterMailboxKey: `strength-${mailbox}`,
        countsTowardHide,
      });
      const duplicate = (userId: string, otherUserId: string, photoUrl: string, distance: number) => ({
        userId,
        photoUrl,
        otherUserId,
        otherPhotoUrl: `${photoUrl}-first`,
        distance,
      });
      // Listed weakest first, so an order that only followed insertion would fail.
      await t.db
        .insert(reports)
        .values([
          report(oneReporterThreeReports, "m1"),
          report(oneReporterThreeReports, "m1"),
          report(oneReporterThreeReports, "m2", false),
          report(oneFarCopy, "m1"),
          report(oneCloseCopy, "m1"),
          report(threeCopies, "m1"),
          report(twoReporters, "m1"),
          report(twoReporters, "m2"),
        ]);
      await t.db
        .insert(duplicatePhotos)
        .values([
          duplicate(oneFarCopy, copiedA, "/far-p0", 6),
          duplicate(oneCloseCopy, copiedA, "/close-p0", 1),
          duplicate(oneCloseCopy, copiedB, "/close-p0", 2),
          duplicate(threeCopies, copiedA, "/three-p0", 9),
          duplicate(threeCopies, copiedA, "/three-p1", 8),
          duplicate(threeCopies, copiedB, "/three-p2", 7),
        ]);
      const listed = (await queue(moderator.cookie)).json() as { entries: { id: string }[] };
      expect(listed.entries.map((entry) => entry.id).filter((id) => everyone.includes(id))).toEqual(strongestFirst);
    } finally {
      await t.db.delete(users).where(inArray(users.id, everyone));
    }
  });

  it(`past ${MODERATION_QUEUE_LIMIT} people, the queue shows those waiting for a decision first, oldest report first`, async () => {
    // More suspended people with nothing left to decide than the queue shows at once, suspended
    // before anyone below was reported.
    const crowd = Array.from({ length: MODERATION_QUEUE_LIMIT }, (_, i) => `u_suspended_crowd_${i}`);
    await t.db.insert(users).values(crowd.map((id) => ({ id, name: "Crowd", email: `${id}@example.com` })));
    await t.db
      .insert(profiles)
      .values(
        crowd.map((id) => ({ userId: id, displayName: "Crowd", email: `${id}@example.com`, suspendedAt: new Date() })),
      );
    try {
      const { me, shown } = await meAndShown(2);
      const [first, second] = shown as [string, string];
      await call(t.app, me.cookie, "reportPerson", { personId: first, reason: "harassment" });
      await call(t.app, me.cookie, "reportPerson", { personId: second, reason: "scamOrSpam" });
      const listed = (await queue(moderator.cookie)).json() as { entries: { id: string }[] };
      expect(listed.entries).toHaveLength(MODERATION_QUEUE_LIMIT);
      const ids = listed.entries.map((entry) => entry.id);
      // Both reported people are there, the first reported first, and everyone with nothing open
      // comes after all who wait for a decision.
      const firstOfCrowd = ids.findIndex((id) => id.startsWith("u_suspended_crowd_"));
      expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
      expect(ids.indexOf(second)).toBeLessThan(firstOfCrowd);
      expect(ids.slice(firstOfCrowd).every((id) => id.startsWith("u_suspended_crowd_"))).toBe(true);
    } finally {
      await t.db.delete(users).where(inArray(users.id, crowd));
    }
  });

  it("dismiss closes the reports and lifts a shadow-hide", async () => {
    const { me, shown } = await meAndShown(1);
    const other = shown[0] as string;
    await call(t.app, me.cookie, "reportPerson", { personId: other, reason: "other" });
    await t.db.update(profiles).set({ shadowHiddenAt: new Date() }).where(eq(profiles.userId, other));
    const dismissed = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: other,
      action: "dismiss",
      reason: "Nothing wrong in the photos",
    });
    expect(dismissed.status).toBe(200);
    const open = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.reportedId, other), sql`${reports.resolvedAt} is null`));
    expect(open).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, other));
    expect(profile?.shadowHiddenAt).toBeNull();
    const missingReason = await call(t.app, moderator.cookie, "moderatePerson", {
      subjectId: other,
      action: "dismiss",
      reason: " ",
    });
    expect(missingReason.body.error.message).toBe(MESSAGES.moderationReasonRequired);
  });
});

describe("moderation while the mail server is down", () => {
  it("a suspension stands, with its audit record, and the email telling the person waits on the job queue", async () => {
    // Nothing listens on this port: every SMTP connection is refused.
    const jobs = createInlineJobs();
    const down = await createTestApp(
      { ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
      [],
      undefined,
      { build: { jobs } },
    );
    const mod = await signUp(down.app, { email: ADMIN_EMAIL });
    await down.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, mod.userId));
    const subject = await signUp(down.app);
    const suspended = await call(down.app, mod.cookie, "moderatePerson", {
      subjectId: subject.userId,
      action: "suspend",
      reason: "Scam, confirmed",
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.result.message).toBe(MESSAGES.moderationSuspended);
    const [profile] = await down.db.select().from(profiles).where(eq(profiles.userId, subject.userId));
    expect(profile?.suspendedAt).not.toBeNull();
    expect(await down.db.select().from(sessions).where(eq(sessions.userId, subject.userId))).toEqual([]);
    const log = await down.db.select().from(moderationActions).where(eq(moderationActions.subjectId, subject.userId));
    expect(log.map((entry) => entry.action)).toEqual(["suspend"]);
    const waiting = jobs.delayed.flatMap((job) =>
      job.name === MAIL_RETRY_QUEUE ? [(job.data as { message: MailMessage }).message] : [],
    );
    expect(waiting.filter((mail) => mail.subject === MESSAGES.suspendedMailSubject)).toHaveLength(1);
  });
});

describe("connections", () => {
  it("lists only the asker's own connections, by first name", async () => {
    const { me, shown } = await meAndShown(2);
    await t.db
      .update(matches)
      .set({ status: "connected", connectedAt: new Date() })
      .where(sql`${matches.userId} = ${me.userId} and ${matches.candidateId} = ${shown[0] as string}`);
    const answer = await t.app.inject({ method: "GET", url: "/api/connections", headers: { cookie: me.cookie } });
    expect(answer.json()).toEqual({
      connections: [expect.objectContaining({ id: shown[0], firstName: "Shown0" })],
    });
    const other = await signedUpPerson(t, { zipCode: "10001" });
    const theirs = await t.app.inject({ method: "GET", url: "/api/connections", headers: { cookie: other.cookie } });
    expect(theirs.json()).toEqual({ connections: [] });
  });
});
