import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches, profiles } from "../../../src/db/schema.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import { call, createPerson, signedUpPerson } from "../../support/matching-fixtures.ts";
import { mailsSince, outboxMails } from "../../support/outbox.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

// Each test signs up and matches twenty people first: generous time, so a busy machine only slows it.
describe("the 30-day cool-down holds against confirmations sent at once", { timeout: 120_000 }, () => {
  it("20 parallel confirmations of 20 pending matches: one connects, one introduction, 19 refused", async () => {
    const me = await signedUpPerson(t, { name: "Alex", gender: "man", seekingGender: "woman" });
    // Twenty people who have each already confirmed me: any confirmation of mine would connect.
    const others: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const other = await createPerson(t.db, { name: `Other${i}`, email: `other-${i}-race@example.com` });
      others.push(other);
      await t.db.insert(matches).values([
        { userId: me.userId, candidateId: other, status: "matchPending", score: 80 },
        { userId: other, candidateId: me.userId, status: "confirmed", score: 80 },
      ]);
    }
    const before = await outboxMails(t);

    const results = await Promise.all(
      others.map((other) => call(t.app, me.cookie, "triggeredMatchConfirmation", { matchId: other })),
    );

    const connected = results.filter((r) => r.body.result?.message === MESSAGES.matchConnected);
    const refused = results.filter((r) => r.body.error?.message === MESSAGES.matchCooldown);
    expect(connected).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const myRows = await t.db.select().from(matches).where(eq(matches.userId, me.userId));
    expect(myRows.filter((r) => r.status === "connected")).toHaveLength(1);
    expect(myRows.filter((r) => r.status === "matchPending")).toHaveLength(19);

    // One introduction: one mail to me, one to the person I connected with.
    const mails = await mailsSince(t, before);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.to === `Alex <${me.email}>`)).toHaveLength(1);
  });

  it("a person who confirmed many matches connects once, however many of them confirm back at once", async () => {
    const me = await signedUpPerson(t, { name: "Robin", gender: "man", seekingGender: "woman" });
    const others: { userId: string; cookie: string }[] = [];
    for (let i = 0; i < 10; i += 1) {
      const other = await signedUpPerson(t, { name: `Back${i}` });
      others.push(other);
      await t.db.insert(matches).values([
        { userId: me.userId, candidateId: other.userId, status: "confirmed", score: 80 },
        { userId: other.userId, candidateId: me.userId, status: "matchPending", score: 80 },
      ]);
    }
    const before = await outboxMails(t);

    const results = await Promise.all(
      others.map((other) => call(t.app, other.cookie, "triggeredMatchConfirmation", { matchId: me.userId })),
    );

    expect(results.filter((r) => r.body.result?.message === MESSAGES.matchConnected)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.message === MESSAGES.noEligibleMatches)).toHaveLength(9);
    const myRows = await t.db.select().from(matches).where(eq(matches.userId, me.userId));
    expect(myRows.filter((r) => r.status === "connected")).toHaveLength(1);
    expect(await mailsSince(t, before)).toHaveLength(2);
    const [mine] = await t.db.select().from(profiles).where(eq(profiles.userId, me.userId));
    expect(mine?.matchAccepted).toBeInstanceOf(Date);
  });
});
