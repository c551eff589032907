import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches, profiles } from "../../../src/db/schema.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import { call, signedUpPerson } from "../../support/matching-fixtures.ts";
import { mailsTo } from "../../support/outbox.ts";

// Who Sam suggests, and how two people who kept each other find out: what the matches and the
// pending match say about the other person, the one email each gets, and 'Set free' from the
// pending match.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

/** Two people who fit (the same interview), found by a search of the first one. */
async function scoredPair(zips: { a: string; b: string }) {
  const a = await signedUpPerson(t, {
    gender: "man",
    seekingGender: "woman",
    zipCode: zips.a,
    name: "Alex Smith",
    age: 34,
  });
  const b = await signedUpPerson(t, {
    gender: "woman",
    seekingGender: "man",
    zipCode: zips.b,
    name: "Robin Lee",
    age: 31,
  });
  await call(t.app, a.cookie, "triggeredPrelimMatch");
  expect((await call(t.app, a.cookie, "triggeredMatchingAlgo")).body.result).toEqual({ found: true });
  return { a, b };
}

/** The emails that introduce a pair (both said yes) sent to `email`. */
const introductionsTo = (email: string) => mailsTo(t, email, MESSAGES.mutualMatchMailSubject);

describe("who Sam suggests", () => {
  it("shows a candidate's first name, age, distance band and Sam's reason, and never their address, ZIP or birthday", async () => {
    // 10001 and 10011 are a mile or two apart in Manhattan: the band still says 10.
    const { a, b } = await scoredPair({ a: "10001", b: "10011" });
    const listed = await get("/api/matches", a.cookie);
    const view = listed.json().matches.find((m: { id: string }) => m.id === b.userId);
    expect(view).toMatchObject({ status: "photoValidation", firstName: "Robin", age: 31, distanceBandMiles: 10 });
    expect(view.reason).toMatch(/^(Your strongest common ground|Sam sees)/);
    const [candidate] = await t.db.select().from(profiles).where(eq(profiles.userId, b.userId));
    for (const secret of [b.email, "10011", candidate?.birthday ?? "never", "Lee"])
      expect(listed.body).not.toContain(secret);
    // Both sides read the same reason and band; the other side sees Alex.
    const theirs = (await get("/api/matches", b.cookie)).json().matches[0];
    expect(theirs).toMatchObject({ firstName: "Alex", age: 34, distanceBandMiles: 10, reason: view.reason });
  });

  it("keeps the band it was scored with when the person moves their ZIP code afterwards", async () => {
    const { a, b } = await scoredPair({ a: "60601", b: "60602" });
    await t.db.update(profiles).set({ zipCode: "90210" }).where(eq(profiles.userId, a.userId));
    const view = (await get("/api/matches", a.cookie)).json().matches.find((m: { id: string }) => m.id === b.userId);
    expect(view.distanceBandMiles).toBe(10);
  });
});

describe("two people who kept each other", () => {
  it("are each emailed once, only when both kept the other, and the pending match shows who and why", async () => {
    const { a, b } = await scoredPair({ a: "30301", b: "30303" });
    await call(t.app, a.cookie, "triggeredPhotoMatch", { matchUid: b.userId, action: "accepted" });
    expect(await introductionsTo(a.email)).toEqual([]);
    expect(await introductionsTo(b.email)).toEqual([]);
    // B keeps A from several tabs at once: one of them moves the pair, the others are refused.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, b.cookie, "triggeredPhotoMatch", { matchUid: a.userId, action: "accepted" }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const [toA] = await introductionsTo(a.email);
    const [toB] = await introductionsTo(b.email);
    expect((await introductionsTo(a.email)).length).toBe(1);
    expect((await introductionsTo(b.email)).length).toBe(1);
    expect(toA?.text).not.toContain(b.email);
    expect(toA?.text).not.toContain("Robin");
    expect(toB?.text).not.toContain(a.email);
    expect(toB?.text).not.toContain("Alex");
    expect(toA?.text).toContain("http://localhost:3000/match-confirmation");

    const pending = await get("/api/matches/pending", a.cookie);
    expect(pending.json()).toMatchObject({
      message: null,
      match: {
        id: b.userId,
        firstName: "Robin",
        age: 31,
        distanceBandMiles: 10,
        photo: `/api/photos/${b.userId}/photo0.jpg`,
      },
    });
    expect(pending.json().match.reason.length).toBeGreaterThan(20);
    expect(pending.body).not.toContain(b.email);
  });

  it("either may 'Set free' from the pending match, which ends it for both and sends nothing", async () => {
    const { a, b } = await scoredPair({ a: "98101", b: "98104" });
    await call(t.app, a.cookie, "triggeredPhotoMatch", { matchUid: b.userId, action: "accepted" });
    await call(t.app, b.cookie, "triggeredPhotoMatch", { matchUid: a.userId, action: "accepted" });
    await call(t.app, a.cookie, "triggeredMatchConfirmation", { matchId: b.userId });
    const before = (await introductionsTo(a.email)).length;
    const freed = await call(t.app, b.cookie, "triggeredPhotoMatch", { matchUid: a.userId, action: "declined" });
    expect(freed.status).toBe(200);
    for (const [owner, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const [row] = await t.db
        .select()
        .from(matches)
        .where(and(eq(matches.userId, owner.userId), eq(matches.candidateId, other.userId)));
      expect(row?.status).toBe("no");
    }
    expect((await get("/api/matches/pending", a.cookie)).json()).toEqual({
      match: null,
      message: MESSAGES.noEligibleMatches,
      code: "noEligibleMatches",
    });
    // A's confirmation can no longer connect them.
    const late = await call(t.app, b.cookie, "triggeredMatchConfirmation", { matchId: a.userId });
    expect(late.body.error.status).toBe("FAILED_PRECONDITION");
    expect((await introductionsTo(a.email)).length).toBe(before);
  });

  it("cannot be set free once connected (their emails are already shared)", async () => {
    const { a, b } = await scoredPair({ a: "02108", b: "02109" });
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await call(t.app, me.cookie, "triggeredPhotoMatch", { matchUid: other.userId, action: "accepted" });
    }
    await call(t.app, a.cookie, "triggeredMatchConfirmation", { matchId: b.userId });
    await call(t.app, b.cookie, "triggeredMatchConfirmation", { matchId: a.userId });
    const freed = await call(t.app, a.cookie, "triggeredPhotoMatch", { matchUid: b.userId, action: "declined" });
    expect(freed.body.error).toEqual({
      status: "FAILED_PRECONDITION",
      code: "matchTransitionRefused",
      message: MESSAGES.matchTransitionRefused,
    });
  });
});
