import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches, users } from "../../../src/db/schema.ts";
import { createTestApp, signUp, type TestApp } from "../../support/helpers.ts";
import { call, createPerson } from "../../support/matching-fixtures.ts";
import { readZip } from "../../support/zip.ts";

// What the data export says about trust and safety, for each party: the person reported learns
// nothing of the reports or of a hide (which would tip off someone under review, and expose who
// reported), sees a suspension and its lifting (they were told of both) but never the
// moderator's own words; the reporter finds their own reports and blocks, which are their data.

const ADMIN_EMAIL = "moderator@example.com";
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

async function exportOf(cookie: string): Promise<Map<string, string>> {
  const archive = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie } });
  expect(archive.statusCode).toBe(200);
  return new Map([...readZip(archive.rawPayload)].map(([name, data]) => [name, data.toString("utf8")]));
}

/** Three established reporters, each shown `subject` (a match record both ways). */
async function reportersOf(subject: string) {
  const people = [];
  for (let i = 0; i < 3; i += 1) {
    const account = await signUp(t.app, { name: `Rita${i}` });
    await createPerson(t.db, { userId: account.userId, name: `Rita${i}`, gender: "man" });
    await t.db.insert(matches).values([
      { userId: account.userId, candidateId: subject, status: "photoValidation", score: 80 },
      { userId: subject, candidateId: account.userId, status: "photoValidation", score: 80 },
    ]);
    people.push(account);
  }
  await t.db
    .update(users)
    .set({ emailVerified: true, createdAt: new Date(Date.now() - 60 * 24 * 3600_000) })
    .where(
      inArray(
        users.id,
        people.map((person) => person.userId),
      ),
    );
  return people;
}

describe("the data export and trust and safety", () => {
  it("a hidden person's export says nothing of the hide or the reports; a suspension shows without the moderator's words", async () => {
    const subject = await signUp(t.app, { name: "Sasha" });
    await createPerson(t.db, { userId: subject.userId, name: "Sasha" });
    for (const reporter of await reportersOf(subject.userId)) {
      await call(t.app, reporter.cookie, "reportPerson", {
        personId: subject.userId,
        reason: "harassment",
        text: "Words only the moderator reads",
      });
    }
    const hidden = await exportOf(subject.cookie);
    const profile = JSON.parse(hidden.get("profile.json") ?? "{}");
    expect(profile.displayName).toBe("Sasha");
    expect(Object.keys(profile)).not.toContain("shadowHiddenAt");
    expect(Object.keys(profile)).not.toContain("suspendedAt");
    const everything = [...hidden.values()].join("\n");
    expect(everything).not.toContain("Words only the moderator reads");
    expect(everything).not.toMatch(/shadow|hidden_at|hiddenAt/i);
    expect(JSON.parse(hidden.get("moderation.json") ?? "null")).toEqual([]);

    // A dismiss is about the reports: it stays out of the export too. A suspension and its
    // lifting show, when they happened, without the words the moderator wrote for the record.
    for (const [action, reason] of [
      ["dismiss", "Private note: the reporters look coordinated"],
      ["suspend", "Private note: matches a known scam script"],
      ["restore", "Private note: appeal accepted"],
    ]) {
      const decided = await call(t.app, moderator.cookie, "moderatePerson", {
        subjectId: subject.userId,
        action,
        reason,
      });
      expect(decided.status).toBe(200);
    }
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: {
        origin: "http://localhost:3000",
        "x-botcheck": await (await import("../../support/helpers.ts")).solveBotcheck(t.app),
      },
      payload: { email: subject.email, password: subject.password },
    });
    const after = await exportOf(signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; "));
    const moderation = JSON.parse(after.get("moderation.json") ?? "null") as { action: string; at: string }[];
    expect(moderation.map((entry) => entry.action)).toEqual(["suspend", "restore"]);
    expect(moderation.every((entry) => Object.keys(entry).sort().join() === "action,at")).toBe(true);
    expect([...after.values()].join("\n")).not.toContain("Private note");
  });

  it("a reporter's export holds their own reports and blocks", async () => {
    const subject = await createPerson(t.db, { name: "Quinn Other" });
    const blocked = await createPerson(t.db, { name: "Blake Other" });
    const reporter = await signUp(t.app, { name: "Rowan" });
    await createPerson(t.db, { userId: reporter.userId, name: "Rowan", gender: "man" });
    for (const other of [subject, blocked]) {
      await t.db.insert(matches).values([
        { userId: reporter.userId, candidateId: other, status: "photoValidation", score: 80 },
        { userId: other, candidateId: reporter.userId, status: "photoValidation", score: 80 },
      ]);
    }
    await call(t.app, reporter.cookie, "reportPerson", {
      personId: subject,
      reason: "scamOrSpam",
      text: "Asked for money.",
    });
    await call(t.app, reporter.cookie, "blockPerson", { personId: blocked });
    const files = await exportOf(reporter.cookie);
    const safety = JSON.parse(files.get("safety.json") ?? "null");
    expect(safety.reports).toEqual([
      expect.objectContaining({ about: "Quinn", reason: "scamOrSpam", text: "Asked for money." }),
    ]);
    expect(safety.blocks.map((entry: { about: string }) => entry.about).sort()).toEqual(["Blake", "Quinn"]);
    expect(files.get("README.txt")).toContain("safety.json");
  });
});
