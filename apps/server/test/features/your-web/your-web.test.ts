import type { YourWebResponse } from "@sams-web/domain/matching/contracts";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches } from "../../../src/db/schema.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import { call, signedUpPerson } from "../../support/matching-fixtures.ts";

// "Your web": each side of each pair, told where it stands and only what that stage lets it know
// of the other; the match moment, marked seen by its own side only.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function web(cookie: string): Promise<YourWebResponse> {
  const response = await t.app.inject({ method: "GET", url: "/api/web", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json() as YourWebResponse;
}

async function pairAt(a: string, b: string, mine: string, theirs: string, questions: string[] = []) {
  await t.db.insert(matches).values([
    { userId: a, candidateId: b, status: mine, score: 82, followupQuestions: questions, distanceBandMiles: 25 },
    { userId: b, candidateId: a, status: theirs, score: 82, distanceBandMiles: 25 },
  ]);
}

describe("Your web", () => {
  it("refuses a guest", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/web" })).statusCode).toBe(401);
  });

  it("says where each pair stands, in order, naming and picturing nobody before photo review", async () => {
    const me = await signedUpPerson(t, { name: "Maya Field" });
    const people = await Promise.all(
      ["Ann", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal"].map((name) =>
        signedUpPerson(t, { name: `${name} Stone`, gender: "man", seekingGender: "woman" }),
      ),
    );
    const [ann, bea, cal, dee, eli, fay, gus, hal] = people.map((p) => p.userId) as string[];
    await pairAt(me.userId, ann as string, "followupsQueued", "followupsAnswered", ["What makes a good Sunday?"]);
    await pairAt(me.userId, bea as string, "followupsAnswered", "followupsQueued");
    await pairAt(me.userId, cal as string, "photoValidation", "photoValidation");
    await pairAt(me.userId, dee as string, "accepted", "photoValidation");
    await pairAt(me.userId, eli as string, "matchPending", "matchPending");
    await pairAt(me.userId, fay as string, "confirmed", "matchPending");
    await pairAt(me.userId, gus as string, "connected", "connected");
    await pairAt(me.userId, hal as string, "no", "no");
    await t.db
      .update(matches)
      .set({ connectedAt: new Date() })
      .where(and(eq(matches.userId, me.userId), eq(matches.candidateId, gus as string)));

    const { me: self, entries } = await web(me.cookie);
    expect(self).toEqual({ firstName: "Maya", photo: `/api/photos/${me.userId}/photo0.jpg` });
    expect(entries.map((e) => e.stage)).toEqual([
      "questionsForYou",
      "photosToReview",
      "pendingMatch",
      "waitingForThem",
      "keptWaiting",
      "confirmedWaiting",
      "connected",
    ]);
    const [questions, photos, pending, waiting, kept, confirmed, connected] = entries;
    for (const unnamed of [questions, waiting]) {
      expect(unnamed).toMatchObject({ person: null, score: null, email: null, connectedAt: null });
    }
    // Nothing of Ann or Bea leaves the server before photo review: no name, no id, no address.
    const body = JSON.stringify(entries.slice(0, 1).concat(entries[3] ?? []));
    for (const hidden of [ann, bea, "Ann", "Bea"]) expect(body).not.toContain(hidden);
    expect(photos?.person).toMatchObject({ id: cal, firstName: "Cal", age: 30, distanceBandMiles: 25 });
    expect(photos?.score).toBeNull();
    expect(kept?.person?.firstName).toBe("Dee");
    expect(pending?.score).toBe(82);
    expect(confirmed?.email).toBeNull();
    expect(connected).toMatchObject({ email: people[6]?.email, momentSeen: false });
    expect(connected?.connectedAt).toBeGreaterThan(0);
    // A pair that ended is not listed.
    expect(JSON.stringify(entries)).not.toContain(hal as string);
  });

  it("the match moment is marked seen by its own side, once; another's moment, or a pair not connected, is left alone", async () => {
    const maya = await signedUpPerson(t, { name: "Maya" });
    const leo = await signedUpPerson(t, { name: "Leo", gender: "man", seekingGender: "woman" });
    const eve = await signedUpPerson(t, { name: "Eve" });
    const kim = await signedUpPerson(t, { name: "Kim", gender: "man", seekingGender: "woman" });
    await pairAt(maya.userId, leo.userId, "connected", "connected");
    await pairAt(eve.userId, kim.userId, "matchPending", "matchPending");

    // Eve cannot mark Maya and Leo's moment, nor her own pending pair.
    for (const matchId of [leo.userId, maya.userId, kim.userId, "nobody"]) {
      expect((await call(t.app, eve.cookie, "matchMomentSeen", { matchId })).status).toBe(200);
    }
    const untouched = await t.db.select().from(matches).where(eq(matches.candidateId, leo.userId));
    expect(untouched[0]?.momentSeenAt).toBeNull();
    const evePair = await t.db.select().from(matches).where(eq(matches.userId, eve.userId));
    expect(evePair[0]?.momentSeenAt).toBeNull();

    // Maya marks hers, twenty times at once: one change, and Leo's side still unseen.
    await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, maya.cookie, "matchMomentSeen", { matchId: leo.userId })),
    );
    expect((await web(maya.cookie)).entries[0]?.momentSeen).toBe(true);
    expect((await web(leo.cookie)).entries[0]?.momentSeen).toBe(false);
    expect((await call(t.app, undefined, "matchMomentSeen", { matchId: leo.userId })).status).toBe(401);
    expect((await call(t.app, maya.cookie, "matchMomentSeen", { matchId: "" })).status).toBe(400);
  });
});
