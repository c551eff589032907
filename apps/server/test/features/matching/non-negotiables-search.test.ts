import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import {
  FACT_KEYS,
  FACT_OPTIONS,
  factsClash,
  LIMIT_IDS,
  NO_LONG_DISTANCE_BIT,
  RELOCATE_BIT,
} from "@sams-web/domain/non-negotiables/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matches, profiles } from "../../../src/db/schema.ts";
import { findPreliminaryCandidates } from "../../../src/features/matching/data.ts";
import { extractiveNarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";
import type { Scorer } from "../../../src/features/matching/scoring/scorer.ts";
import { MatchingService } from "../../../src/features/matching/service.ts";
import { createMailer } from "../../../src/platform/mail/mailer.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import {
  call,
  createPerson,
  DEFAULT_INTERVIEW,
  type Interview,
  type PersonInput,
  signedUpPerson,
} from "../../support/matching-fixtures.ts";

// Non-negotiables in the search: applied both ways by the preliminary match itself (the database
// function), never reaching the scorer, and, where the other person never said, asked about in a
// neutral question whose "yes" ends the pair before anyone sees photos.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const woman = (input: PersonInput = {}) =>
  createPerson(t.db, { gender: "woman", seekingGender: "man", zipCode: "10001", ...input });
const man = (input: PersonInput = {}) =>
  createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "10001", ...input });

function service(scorer: Scorer = heuristicScorer) {
  return new MatchingService({
    db: t.db,
    bus: t.bus,
    writer: extractiveNarrativeWriter,
    scorer,
    topK: 20,
    scoringConcurrency: 4,
    mailer: createMailer(t.config, () => {}),
    publicUrl: t.config.publicUrl,
    now: Date.now,
  });
}

describe("the preliminary match applies non-negotiables both ways", () => {
  it("two people whose answers clash never find each other, either way; two who fit do", async () => {
    const zip = "60601"; // Chicago: nobody else in these tests lives there
    const her = await woman({ zipCode: zip, facts: { smoking: "no", wantsChildren: "no", limits: ["smokingAny"] } });
    const smoker = await man({ zipCode: zip, facts: { smoking: "daily" } });
    const wantsKids = await man({ zipCode: zip, facts: { wantsChildren: "yes", limits: ["noChildrenWanted"] } });
    const fits = await man({ zipCode: zip, facts: { smoking: "no", wantsChildren: "no" } });
    const silent = await man({ zipCode: zip });

    expect((await findPreliminaryCandidates(t.db, her)).sort()).toEqual([fits, silent].sort());
    expect(await findPreliminaryCandidates(t.db, smoker)).not.toContain(her);
    expect(await findPreliminaryCandidates(t.db, wantsKids)).not.toContain(her);
    expect(await findPreliminaryCandidates(t.db, fits)).toContain(her);
  });

  it("matches the domain's rule exactly, for many answers at once", async () => {
    const zip = "94103"; // San Francisco
    const next = lcg(11);
    const searcherFacts = randomFacts(next);
    const searcher = await woman({ zipCode: zip, facts: searcherFacts });
    const others: { id: string; facts: Facts }[] = [];
    for (let i = 0; i < 40; i++) {
      const facts = randomFacts(next);
      others.push({ id: await man({ zipCode: zip, facts }), facts });
    }
    const expected = others.filter((o) => !factsClash(searcherFacts, o.facts, 0)).map((o) => o.id);
    expect((await findPreliminaryCandidates(t.db, searcher)).sort()).toEqual(expected.sort());
    // The set is neither everyone nor no one: the comparison means something.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(others.length);
  });

  it("keeps a long-distance pair apart when one is not open to it and neither would move", async () => {
    const far = { searchRadius: 500 };
    const her = await woman({ ...far, zipCode: "02108", facts: { longDistance: "no", relocate: "no" } }); // Boston
    const newYork = await man({ ...far, zipCode: "10001" }); // about 190 miles
    const wouldMove = await man({ ...far, zipCode: "10001", facts: { relocate: "yes" } });
    const providence = await man({ ...far, zipCode: "02903" }); // about 40 miles
    const found = await findPreliminaryCandidates(t.db, her);
    expect(found).not.toContain(newYork);
    expect(found).toContain(wouldMove);
    expect(found).toContain(providence);
    expect(await findPreliminaryCandidates(t.db, newYork)).not.toContain(her);
  });

  it("the database names the same long-distance bits as the domain", async () => {
    const { rows } = await t.db.$client.query<{ body: string }>(
      "select pg_get_functiondef('preliminary_candidates(text)'::regprocedure) as body",
    );
    expect(rows[0]?.body).toContain(String(NO_LONG_DISTANCE_BIT));
    expect(rows[0]?.body).toContain(String(RELOCATE_BIT));
    expect(rows[0]?.body).toContain("match_reach_chord(100)");
  });

  it("an answer changed in Settings holds at the next search, both ways", async () => {
    const zip = "98101"; // Seattle
    const her = await signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode: zip });
    const him = await man({ zipCode: zip, facts: { drinking: "often" } });
    expect(await findPreliminaryCandidates(t.db, her.userId)).toContain(him);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/non-negotiables",
      headers: { cookie: her.cookie, origin: t.config.publicUrl },
      payload: { facts: { drinking: "never", limits: ["drinkingHeavy"] } },
    });
    expect(put.statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, her.userId)).not.toContain(him);
    expect(await findPreliminaryCandidates(t.db, him)).not.toContain(her.userId);
  });
});

describe("a search: limits first, then the scorer", () => {
  it("a confirmed limit the other's words seem to break is asked of them, never refused on their words", async () => {
    const zip = "80202"; // Denver
    const strict = await woman({
      zipCode: zip,
      interview: { ...DEFAULT_INTERVIEW, dealbreakers: "No smokers, ever." },
      confirmed: true,
    });
    const smoker = await man({
      zipCode: zip,
      interview: { ...DEFAULT_INTERVIEW, rapport_building: "I smoke a pack a day and love hiking and books." },
    });
    const judged: string[] = [];
    const counting: Scorer = {
      name: "counting",
      judge(seeker, candidate, facts) {
        judged.push(candidate.about);
        return heuristicScorer.judge(seeker, candidate, facts);
      },
    };
    const matching = service(counting);
    await t.db.update(profiles).set({ searchStarted: null }).where(eq(profiles.userId, strict));
    await matching.preliminaryMatch(strict);
    await matching.scoreCandidates(strict);
    // Nobody read his words back to him: he is scored, and asked, and only his "yes" ends the pair.
    const [row] = await t.db.select().from(matches).where(eq(matches.userId, smoker));
    expect(row?.status).toBe("followupsQueued");
    expect(row?.limitQuestions).toEqual([{ question: "Do you smoke or vape, even now and then?", endsOn: "yes" }]);
    expect(judged.some((about) => about.includes("I smoke a pack a day"))).toBe(true);
  });
});

describe("an age limit said relative to the person, compared with birthdays", () => {
  it("refuses a candidate past the gap the person set and keeps one within it, with no question", async () => {
    const zip = "59801"; // Missoula
    // Search ranges wide enough for both: the refusal must come from the words, not the range.
    const range = { ageRangeMin: -30, ageRangeMax: 30 };
    const her = await woman({
      zipCode: zip,
      age: 34,
      ...range,
      interview: { ...DEFAULT_INTERVIEW, dealbreakers: "Nobody more than five years older than me." },
      confirmed: true,
    });
    const older = await man({ zipCode: zip, age: 50, ...range });
    const near = await man({ zipCode: zip, age: 37, ...range });
    const matching = service();
    await matching.preliminaryMatch(her);
    await matching.scoreCandidates(her);
    const rows = await t.db.select().from(matches).where(eq(matches.userId, her));
    const byCandidate = new Map(rows.map((row) => [row.candidateId, row]));
    expect(byCandidate.get(older)).toMatchObject({ status: "no", score: 0 });
    expect(byCandidate.get(near)?.status).not.toBe("no");
    const [theirs] = await t.db.select().from(matches).where(eq(matches.userId, near));
    expect(theirs?.limitQuestions ?? []).toEqual([]);
  });
});

const BOAT: Interview = { ...DEFAULT_INTERVIEW, dealbreakers: "Anyone who lives on a boat is a no for me." };

async function boatPair(zip: string) {
  const a = await signedUpPerson(t, {
    gender: "woman",
    seekingGender: "man",
    zipCode: zip,
    interview: BOAT,
    confirmed: true,
  });
  const b = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
  await call(t.app, a.cookie, "triggeredPrelimMatch");
  const algo = await call(t.app, a.cookie, "triggeredMatchingAlgo");
  expect(algo.body.result).toEqual({ found: true });
  const [bSide] = await t.db.select().from(matches).where(eq(matches.userId, b.userId));
  return { a, b, bSide };
}

describe("a dealbreaker no list names, asked of the other person", () => {
  it("asks a neutral question, and a 'yes' ends the pair for both before any photos", async () => {
    const { a, b, bSide } = await boatPair("33101"); // Miami
    expect(bSide?.status).toBe("followupsQueued");
    expect(bSide?.followupQuestions[0]).toBe("Do you live on a boat?");
    expect(bSide?.limitQuestions).toEqual([{ question: "Do you live on a boat?", endsOn: "yes" }]);
    // A waits without questions of her own, and sees no photos.
    const [aSide] = await t.db.select().from(matches).where(eq(matches.userId, a.userId));
    expect(aSide?.status).toBe("followupsAnswered");

    // An answer that is neither yes nor no is asked again.
    const unclear = await call(t.app, b.cookie, "callSamApi", {
      userMessage: "Well, it depends on the season.",
      followupQuestion: "Do you live on a boat?",
    });
    expect(unclear.body.result.stage_complete).toBe(false);
    expect((await t.db.select().from(matches).where(eq(matches.userId, b.userId)))[0]?.status).toBe("followupsQueued");

    const yes = await call(t.app, b.cookie, "callSamApi", {
      userMessage: "Yes, a sailboat in the marina.",
      followupQuestion: "Do you live on a boat?",
    });
    expect(yes.body.result.stage_complete).toBe(true);
    const sides = await t.db.select().from(matches).where(eq(matches.candidateId, a.userId));
    expect(sides.find((s) => s.userId === b.userId)?.status).toBe("no");
    const [aAfter] = await t.db.select().from(matches).where(eq(matches.userId, a.userId));
    expect(aAfter?.status).toBe("no");
    // Nobody's photos reach the other.
    const listed = await t.app.inject({ method: "GET", url: "/api/matches", headers: { cookie: a.cookie } });
    expect((listed.json() as { matches: { photos: string[] }[] }).matches[0]?.photos).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, b.userId));
    expect(profile?.conversationStage).toBe("followupsAnswered");
  });

  it("a 'no' keeps the pair going, to photo review once every question is answered", async () => {
    const { a, b, bSide } = await boatPair("85004"); // Phoenix
    for (const question of bSide?.followupQuestions ?? []) {
      const reply = await call(t.app, b.cookie, "callSamApi", {
        userMessage:
          question === "Do you live on a boat?"
            ? "No, I live in an apartment downtown."
            : "I love hiking, reading books, music and cooking; I am honest, kind, and want marriage and a family.",
        followupQuestion: question,
      });
      expect(reply.body.result.stage_complete).toBe(true);
    }
    const answered = await call(t.app, b.cookie, "triggeredFollowupsMatch", { matchUid: a.userId, action: "answered" });
    expect(answered.status).toBe(200);
    const [after] = await t.db.select().from(matches).where(eq(matches.userId, b.userId));
    expect(after?.status).toBe("photoValidation");
  });

  it("a reading never confirmed (an interview from before the read-back) only asks, never refuses", async () => {
    const zip = "30303"; // Atlanta
    const legacy = await woman({ zipCode: zip, interview: { ...DEFAULT_INTERVIEW, dealbreakers: "No smokers." } });
    const smoker = await man({
      zipCode: zip,
      interview: { ...DEFAULT_INTERVIEW, rapport_building: "I smoke a pack a day and love hiking and books." },
    });
    const matching = service();
    await matching.preliminaryMatch(legacy);
    await matching.scoreCandidates(legacy);
    const [row] = await t.db.select().from(matches).where(eq(matches.userId, smoker));
    expect(row?.status).toBe("followupsQueued");
    expect(row?.limitQuestions).toEqual([{ question: "Do you smoke or vape, even now and then?", endsOn: "yes" }]);
  });

  it("an answer to a question the person was not asked is refused", async () => {
    const { b } = await boatPair("19103"); // Philadelphia
    const forged = await call(t.app, b.cookie, "callSamApi", {
      userMessage: "No.",
      followupQuestion: "Do you live in a castle?",
    });
    expect(forged.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "followupNotQueued",
      message: MESSAGES.followupNotQueued,
    });
  });
});

function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomFacts(next: () => number): Facts {
  const facts: Record<string, unknown> = {};
  for (const key of FACT_KEYS) {
    if (key === "longDistance" || key === "relocate") continue; // everyone here shares one ZIP code
    const roll = next();
    if (roll < 0.3) continue;
    const options = FACT_OPTIONS[key];
    facts[key] = roll < 0.35 ? null : options[Math.floor(next() * options.length)];
  }
  facts.limits = LIMIT_IDS.filter(() => next() < 0.12);
  return facts as Facts;
}
