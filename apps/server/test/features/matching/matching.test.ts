import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blocks, matches, narratives, profiles, searches } from "../../../src/db/schema.ts";
import { findPreliminaryCandidates } from "../../../src/features/matching/data.ts";
import { matchingEnqueuers, registerMatchingJobs } from "../../../src/features/matching/jobs.ts";
import { extractiveNarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";
import type { Scorer } from "../../../src/features/matching/scoring/scorer.ts";
import { MatchingService } from "../../../src/features/matching/service.ts";
import { createPgBossJobs, type Jobs } from "../../../src/platform/jobs/jobs.ts";
import { createMailer } from "../../../src/platform/mail/mailer.ts";
import { words } from "../../../src/platform/text-reading/text.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import {
  call,
  createPerson,
  DEFAULT_INTERVIEW,
  type Interview,
  signedUpPerson,
} from "../../support/matching-fixtures.ts";
import { mailsSince, outboxMails } from "../../support/outbox.ts";

const SILENT_CANDIDATE: Interview = {
  rapport_building: "Evenings at the workshop restoring an old wooden sailboat with my grandfather's tools.",
  relationship_goals: "Something steady and lifelong with a partner who wants marriage too.",
  best_qualities: "Honest and loyal, the first person friends call when a tire goes flat at midnight.",
  partner_preferences: "Someone honest and loyal who wants marriage.",
  dealbreakers: "Cruelty toward waiters or strangers.",
  worst_qualities: "Stubborn when I am tired.",
  contributions: "Steadiness, loyalty and a well-kept toolbox.",
  past_relationships: "We grew apart slowly and parted as friends.",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function stageOf(userId: string): Promise<string | undefined> {
  const [row] = await t.db
    .select({ stage: profiles.conversationStage })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.stage;
}

function service(scorer: Scorer = heuristicScorer, topK = 20) {
  return new MatchingService({
    db: t.db,
    bus: t.bus,
    writer: extractiveNarrativeWriter,
    scorer,
    topK,
    scoringConcurrency: 4,
    mailer: createMailer(t.config, () => {}),
    publicUrl: t.config.publicUrl,
    now: Date.now,
  });
}

async function rowsOf(userId: string) {
  return t.db.select().from(matches).where(eq(matches.userId, userId));
}

describe("preliminary match: each rule excludes its counter-example", () => {
  it("keeps exactly the mutual fits, one excluded person per rule", async () => {
    // A man of 30 in Manhattan (10001), seeking a woman aged 25-35 within 25 miles.
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", age: 30, zipCode: "10001" });
    const fit = await createPerson(t.db, { zipCode: "10002" });
    const openToAnyone = await createPerson(t.db, { zipCode: "10003", seekingGender: "" });
    const excluded = {
      inactive: await createPerson(t.db, { status: "unavailable" }),
      unverified: await createPerson(t.db, { verified: false }),
      interviewNotComplete: await createPerson(t.db, { chatComplete: false }),
      noPhotos: await createPerson(t.db, { picturesUploaded: false }),
      notTheGenderISeek: await createPerson(t.db, { gender: "man", seekingGender: "man" }),
      nonBinaryWhenISeekAWoman: await createPerson(t.db, { gender: "", seekingGender: "" }),
      doesNotSeekMyGender: await createPerson(t.db, { seekingGender: "woman" }),
      tooOldForMe: await createPerson(t.db, { age: 36 }),
      tooYoungForMe: await createPerson(t.db, { age: 24 }),
      imOutsideTheirRange: await createPerson(t.db, { age: 33, ageRangeMin: -2 }),
      outsideMyRadius: await createPerson(t.db, { zipCode: "90001" }),
      // Yonkers is about 15 miles from 10001: inside my 25, outside their own 10.
      imOutsideTheirRadius: await createPerson(t.db, { zipCode: "10701", searchRadius: 10 }),
      iDeclinedThem: await createPerson(t.db),
      theyDeclinedMe: await createPerson(t.db),
      iBlockedThem: await createPerson(t.db),
      theyBlockedMe: await createPerson(t.db),
      suspended: await createPerson(t.db),
      hiddenByReports: await createPerson(t.db),
    };
    await t.db.insert(matches).values([
      { userId: me, candidateId: excluded.iDeclinedThem, status: "no", score: 70 },
      { userId: excluded.theyDeclinedMe, candidateId: me, status: "no", score: 70 },
    ]);
    // A block outlives the match records it was made from: none is left here.
    await t.db.insert(blocks).values([
      { blockerId: me, blockedId: excluded.iBlockedThem },
      { blockerId: excluded.theyBlockedMe, blockedId: me },
    ]);
    await t.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, excluded.suspended));
    await t.db
      .update(profiles)
      .set({ shadowHiddenAt: new Date() })
      .where(eq(profiles.userId, excluded.hiddenByReports));
    const found = await findPreliminaryCandidates(t.db, me);
    expect(found.sort()).toEqual([fit, openToAnyone].sort());
    expect(found).not.toContain(me);
    // The radius counter-example is inside MY radius: only their own radius rules them out.
    expect(await findPreliminaryCandidates(t.db, excluded.imOutsideTheirRadius)).toEqual([]);
  });

  it("a person who is non-binary or unselected ('') is found by those open to anyone", async () => {
    const me = await createPerson(t.db, { gender: "", seekingGender: "", zipCode: "60601" });
    const open = await createPerson(t.db, { gender: "man", seekingGender: "", zipCode: "60602" });
    const seeksWoman = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "60602" });
    const found = await findPreliminaryCandidates(t.db, me);
    expect(found).toContain(open);
    expect(found).not.toContain(seeksWoman);
  });
});

describe("suspended, hidden and blocked people, while a search runs and when they search", () => {
  it("a search scored after its candidates were found writes no pair with someone since suspended, hidden or blocked", async () => {
    const zip = "59801";
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    const [suspended, hidden, blocked, stillThere] = [
      await createPerson(t.db, { zipCode: zip }),
      await createPerson(t.db, { zipCode: zip }),
      await createPerson(t.db, { zipCode: zip }),
      await createPerson(t.db, { zipCode: zip }),
    ] as [string, string, string, string];
    const s = service();
    expect((await findPreliminaryCandidates(t.db, me)).sort()).toEqual([suspended, hidden, blocked, stillThere].sort());
    await s.preliminaryMatch(me);
    // Between finding and scoring: a moderator suspends one, reports hide another, a third blocks me.
    await t.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, suspended));
    await t.db.update(profiles).set({ shadowHiddenAt: new Date() }).where(eq(profiles.userId, hidden));
    await t.db.insert(blocks).values({ blockerId: blocked, blockedId: me });
    await s.scoreCandidates(me);
    const written = await t.db
      .select({ userId: matches.userId, candidateId: matches.candidateId })
      .from(matches)
      .where(inArray(matches.userId, [me, suspended, hidden, blocked, stillThere]));
    expect(written.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [
        { userId: me, candidateId: stillThere },
        { userId: stillThere, candidateId: me },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it("a person hidden by reports finds nobody when they search, as a suspended one does; before, they found", async () => {
    const zip = "99701";
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    const fit = await createPerson(t.db, { zipCode: zip });
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([fit]);
    await t.db.update(profiles).set({ shadowHiddenAt: new Date() }).where(eq(profiles.userId, me));
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([]);
    await t.db.update(profiles).set({ shadowHiddenAt: null, suspendedAt: new Date() }).where(eq(profiles.userId, me));
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([]);
  });
});

describe("preliminary match: the searchable pool follows every profile change", () => {
  it("a profile PATCH (radius, status, ZIP) and a deleted account are reflected in the next search", async () => {
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "98101" });
    const her = await signedUpPerson(t, { zipCode: "98032" });
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([her.userId]);
    const patch = (payload: object) =>
      t.app.inject({ method: "PATCH", url: "/api/profile", headers: { cookie: her.cookie }, payload });
    // Her own radius of 10 miles no longer reaches me (98101 → 98032 is about 15 miles).
    expect((await patch({ searchRadius: 10 })).statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([]);
    expect((await patch({ searchRadius: 500 })).statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([her.userId]);
    expect((await patch({ status: "unavailable" })).statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([]);
    expect((await patch({ status: "active" })).statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([her.userId]);
    // Moved across the country: outside my 25 miles.
    expect((await patch({ zipCode: "33101" })).statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([]);
    expect((await patch({ zipCode: "98032" })).statusCode).toBe(200);
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([her.userId]);
    await t.db.delete(profiles).where(eq(profiles.userId, her.userId));
    expect(await findPreliminaryCandidates(t.db, me)).toEqual([]);
  });

  it("radius 500 finds a fit 400 miles away whose own radius reaches, not one whose radius falls short", async () => {
    // Seattle (98101) to Boise (83702) is about 400 miles.
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: "98101", searchRadius: 500 });
    const reaches = await createPerson(t.db, { zipCode: "83702", searchRadius: 420 });
    const fallsShort = await createPerson(t.db, { zipCode: "83702", searchRadius: 250 });
    const found = await findPreliminaryCandidates(t.db, me);
    expect(found).toContain(reaches);
    expect(found).not.toContain(fallsShort);
  });
});

describe("Begin Search gating is enforced by the server", () => {
  const cases: [string, Parameters<typeof createPerson>[1], string][] = [
    ["email verified", { verified: false }, MESSAGES.verifyEmailToSearch],
    ["chat complete", { chatComplete: false }, MESSAGES.completeOnboardingToSearch],
    ["pictures uploaded", { picturesUploaded: false }, MESSAGES.uploadPicturesToSearch],
    ["status active", { status: "unavailable" }, MESSAGES.setStatusActiveToSearch],
  ];
  for (const [rule, input, message] of cases) {
    it(`refuses without ${rule}: '${message}'`, async () => {
      const person = await signedUpPerson(t, { ...input, zipCode: "30301" });
      const response = await call(t.app, person.cookie, "triggeredPrelimMatch");
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ status: "FAILED_PRECONDITION", message });
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
      expect(profile?.searchStarted).toBeNull();
    });
  }

  it("without a session: UNAUTHENTICATED", async () => {
    for (const name of ["triggeredGenerateNarrative", "triggeredPrelimMatch", "triggeredMatchingAlgo"]) {
      expect((await call(t.app, undefined, name)).body.error.status).toBe("UNAUTHENTICATED");
    }
  });

  it("an unknown ZIP: 'ZIP code not found. Please enter a valid US ZIP code.'", async () => {
    const person = await signedUpPerson(t, { zipCode: "00000" });
    const response = await call(t.app, person.cookie, "triggeredPrelimMatch");
    expect(response.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "zipNotFound",
      message: MESSAGES.zipNotFound,
    });
  });

  it("twenty simultaneous Begin Search presses start one search; the rest hear 'A search is in progress.'", async () => {
    const person = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "98101" });
    // People to find, so the search stays in progress (scoring) after its preliminary match. (A
    // search that found nobody is over at once, and with fewer than 3 live matches the rules let
    // the next press start a new one.)
    for (let i = 0; i < 3; i += 1) await createPerson(t.db, { zipCode: "98101" });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, person.cookie, "triggeredPrelimMatch")),
    );
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 200)) {
      expect(r.body.error).toEqual({
        status: "FAILED_PRECONDITION",
        code: "searchInProgress",
        message: MESSAGES.searchInProgress,
      });
    }
    expect(ok[0]?.body.result).toEqual({ found: true, searchesLeftToday: 2 });
    const [search] = await t.db.select().from(searches).where(eq(searches.userId, person.userId));
    expect(search?.state).toBe("scoring");
  });

  it("once a search has finished scoring, the next press starts a new one instead of 'A search is in progress.'", async () => {
    // A ZIP code of its own in this file (Omaha): people found here must not be found by other tests.
    const person = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "68102" });
    await createPerson(t.db, { zipCode: "68102" });
    expect((await call(t.app, person.cookie, "triggeredPrelimMatch")).body.result).toEqual({
      found: true,
      searchesLeftToday: 2,
    });
    expect((await call(t.app, person.cookie, "triggeredMatchingAlgo")).status).toBe(200);
    const [finished] = await t.db.select().from(searches).where(eq(searches.userId, person.userId));
    expect(finished?.state).toBe("done");
    const again = await call(t.app, person.cookie, "triggeredPrelimMatch");
    expect(again.status).toBe(200);
    expect(again.body.error).toBeUndefined();
  });
});

describe("a whole search, photo review and mutual confirmation", () => {
  // Two sign-ups, a search, reviews and confirmations: generous time, so a busy machine only slows it.
  it("search → photo review → both keep → both confirm → each email reaches only the other, only then", async () => {
    const zip = "02108"; // Boston
    const alex = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip, name: "Alex" });
    const sam = await signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode: zip, name: "Sam" });
    const outsider = await signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode: "73301" });
    // 200 people with canary addresses in the same area: none of these may leak before confirmation.
    const canaries: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const email = `canary-${i}-x7q@canary.test`;
      canaries.push(email);
      await createPerson(t.db, {
        email,
        gender: i % 2 ? "woman" : "man",
        seekingGender: "",
        zipCode: zip,
        interview: SILENT_CANDIDATE,
      });
    }
    // Sign-up sends each person a verification mail into the same outbox; from here on, only
    // introductions may appear there.
    const beforeMatching = await outboxMails(t);
    const responses: string[] = [];
    const record = <T extends { raw: string }>(r: T) => {
      responses.push(r.raw);
      return r;
    };
    const secretEmails = [...canaries, alex.email, sam.email];

    expect(record(await call(t.app, alex.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    const prelim = record(await call(t.app, alex.cookie, "triggeredPrelimMatch"));
    // The browser learns whether anyone was found, never how many.
    expect(prelim.body.result).toEqual({ found: true, searchesLeftToday: 2 });
    const algo = record(await call(t.app, alex.cookie, "triggeredMatchingAlgo"));
    expect(algo.status).toBe(200);
    expect(algo.body.result).toEqual({ found: true });
    // The top k of the pool are scored, each pair both ways: at most 2k scorer calls.
    const alexRows = await rowsOf(alex.userId);
    expect(alexRows.length).toBeGreaterThan(1);
    expect(alexRows.length).toBeLessThanOrEqual(20);

    // Sam shares Alex's interview word for word, so the pair is surely among the top k.
    const alexSeesSam = alexRows.find((r) => r.candidateId === sam.userId);
    expect(alexSeesSam?.status).toBe("photoValidation");
    const samSeesAlex = (await rowsOf(sam.userId)).find((r) => r.candidateId === alex.userId);
    expect(samSeesAlex?.status).toBe("photoValidation");
    expect(samSeesAlex?.score).toBe(alexSeesSam?.score);

    // The resource shows the candidate's photos while live, never an email.
    const listed = await t.app.inject({ method: "GET", url: "/api/matches", headers: { cookie: alex.cookie } });
    responses.push(listed.body);
    const view = (listed.json() as { matches: { id: string; photos: string[] }[] }).matches.find(
      (m) => m.id === sam.userId,
    );
    expect(view?.photos).toEqual([`/api/photos/${sam.userId}/photo0.jpg`, `/api/photos/${sam.userId}/photo1.jpg`]);

    // Someone else cannot act on or confirm a match they do not hold.
    for (const action of ["accepted", "declined"]) {
      const r = record(await call(t.app, outsider.cookie, "triggeredPhotoMatch", { matchUid: sam.userId, action }));
      expect(r.body.error.status).toBe("NOT_FOUND");
    }
    expect(
      record(await call(t.app, outsider.cookie, "triggeredMatchConfirmation", { matchId: alex.userId })).body.error
        .status,
    ).toBe("NOT_FOUND");
    const outsiderList = await t.app.inject({
      method: "GET",
      url: "/api/matches",
      headers: { cookie: outsider.cookie },
    });
    expect(outsiderList.json()).toEqual({ matches: [] });

    // Confirming before both kept each other: not matchPending.
    const early = record(await call(t.app, alex.cookie, "triggeredMatchConfirmation", { matchId: sam.userId }));
    expect(early.body.error).toEqual({
      status: "FAILED_PRECONDITION",
      code: "noEligibleMatches",
      message: MESSAGES.noEligibleMatches,
    });

    // 'Keep in your web' on both sides → matchPending on both.
    expect(
      record(await call(t.app, alex.cookie, "triggeredPhotoMatch", { matchUid: sam.userId, action: "accepted" }))
        .status,
    ).toBe(200);
    expect((await rowsOf(sam.userId)).find((r) => r.candidateId === alex.userId)?.status).toBe("photoValidation");
    record(await call(t.app, sam.cookie, "triggeredPhotoMatch", { matchUid: alex.userId, action: "accepted" }));
    expect((await rowsOf(alex.userId)).find((r) => r.candidateId === sam.userId)?.status).toBe("matchPending");
    expect((await rowsOf(sam.userId)).find((r) => r.candidateId === alex.userId)?.status).toBe("matchPending");
    // Accepting again is not an allowed transition.
    const again = record(
      await call(t.app, alex.cookie, "triggeredPhotoMatch", { matchUid: sam.userId, action: "accepted" }),
    );
    expect(again.body.error.status).toBe("FAILED_PRECONDITION");

    // Each of them was told once that a pending match waits, with a link to it, and nothing of
    // who: neither the other's name nor address.
    // (The candidates Alex's search found, who did not watch it, were told of it too, each in an
    // email of their own about new people.)
    const notices = (await mailsSince(t, beforeMatching)).filter(
      (mail) => mail.subject === MESSAGES.mutualMatchMailSubject,
    );
    expect(notices).toHaveLength(2);
    const noticeTexts = notices.map((mail) => mail.text);
    const noticeTo = (person: { email: string }) =>
      notices.find((mail) => mail.to.includes(`<${person.email}>`))?.text ?? "";
    for (const [person, other] of [
      [alex, sam],
      [sam, alex],
    ] as const) {
      const notice = noticeTo(person);
      expect(notice).toContain(`Subject: ${MESSAGES.mutualMatchMailSubject}`);
      expect(notice).toContain(`${t.config.publicUrl}/match-confirmation`);
      expect(notice).not.toContain(other.email);
    }
    // (Sam the spider signs every mail, so only Alex's name can be looked for.)
    expect(noticeTo(sam)).not.toContain("Alex");
    for (const body of noticeTexts)
      for (const email of [...canaries, outsider.email]) expect(body).not.toContain(email);
    const beforeConfirming = await outboxMails(t);

    const first = record(await call(t.app, alex.cookie, "triggeredMatchConfirmation", { matchId: sam.userId }));
    expect(first.body.result).toEqual({ message: MESSAGES.matchConfirmedWaiting, connected: false });
    // No introduction before mutual confirmation.
    expect(await mailsSince(t, beforeConfirming)).toEqual([]);

    // Before mutual confirmation no response carried anyone else's email.
    for (const body of responses) for (const email of secretEmails) expect(body).not.toContain(email);

    const second = await call(t.app, sam.cookie, "triggeredMatchConfirmation", { matchId: alex.userId });
    expect(second.body.result).toEqual({ message: MESSAGES.matchConnected, connected: true });
    expect(second.raw).not.toContain(alex.email);

    const introductions = await mailsSince(t, beforeConfirming);
    expect(introductions).toHaveLength(2);
    const mails = introductions.map((mail) => mail.text);
    const toAlex = introductions.find((mail) => mail.to === `Alex <${alex.email}>`)?.text;
    const toSam = introductions.find((mail) => mail.to === `Sam <${sam.email}>`)?.text;
    expect(toAlex).toContain(`Sam <${sam.email}>`);
    expect(toSam).toContain(`Alex <${alex.email}>`);
    expect(toAlex).not.toBe(toSam);
    for (const mail of mails) for (const email of [...canaries, outsider.email]) expect(mail).not.toContain(email);

    // matchAccepted starts the 30-day cool-down for both.
    for (const id of [alex.userId, sam.userId]) {
      const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, id));
      expect(p?.matchAccepted).toBeInstanceOf(Date);
    }
  }, 120_000);

  it("'Set free' ends the pair for both, and a declined pair is never found again", async () => {
    const zip = "80202"; // Denver
    const a = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
    const b = await signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode: zip });
    await call(t.app, a.cookie, "triggeredPrelimMatch");
    await call(t.app, a.cookie, "triggeredMatchingAlgo");
    const declined = await call(t.app, a.cookie, "triggeredPhotoMatch", { matchUid: b.userId, action: "declined" });
    expect(declined.status).toBe(200);
    expect((await rowsOf(a.userId))[0]?.status).toBe("no");
    expect((await rowsOf(b.userId))[0]?.status).toBe("no");
    // B's own later view of A carries no photos.
    const list = await t.app.inject({ method: "GET", url: "/api/matches", headers: { cookie: b.cookie } });
    expect((list.json() as { matches: { photos: string[] }[] }).matches[0]?.photos).toEqual([]);
    expect(await findPreliminaryCandidates(t.db, a.userId)).toEqual([]);
    expect(await findPreliminaryCandidates(t.db, b.userId)).toEqual([]);
  });

  it("confirming needs an active profile and no accepted match in the last 30 days", async () => {
    const a = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "33101" });
    const b = await createPerson(t.db, { zipCode: "33101" });
    await t.db.insert(matches).values([
      { userId: a.userId, candidateId: b, status: "matchPending", score: 80 },
      { userId: b, candidateId: a.userId, status: "matchPending", score: 80 },
    ]);
    await t.db.update(profiles).set({ status: "unavailable" }).where(eq(profiles.userId, a.userId));
    const pending = async () =>
      (await t.app.inject({ method: "GET", url: "/api/matches/pending", headers: { cookie: a.cookie } })).json();
    expect(await pending()).toEqual({ match: null, message: MESSAGES.profileNotActive, code: "profileNotActive" });
    expect((await call(t.app, a.cookie, "triggeredMatchConfirmation", { matchId: b })).body.error.message).toBe(
      MESSAGES.profileNotActive,
    );
    await t.db
      .update(profiles)
      .set({ status: "active", matchAccepted: new Date(Date.now() - 29 * 24 * 3600 * 1000) })
      .where(eq(profiles.userId, a.userId));
    expect((await call(t.app, a.cookie, "triggeredMatchConfirmation", { matchId: b })).body.error.message).toBe(
      MESSAGES.matchCooldown,
    );
    expect(await pending()).toEqual({ match: null, message: MESSAGES.matchCooldown, code: "matchCooldown" });
    await t.db
      .update(profiles)
      .set({ matchAccepted: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(profiles.userId, a.userId));
    expect(await pending()).toMatchObject({ match: { id: b, score: 80 }, message: null });
    expect((await call(t.app, a.cookie, "triggeredMatchConfirmation", { matchId: b })).body.result.message).toBe(
      MESSAGES.matchConfirmedWaiting,
    );
    expect(await pending()).toEqual({ match: null, message: MESSAGES.noEligibleMatches, code: "noEligibleMatches" });
  });
});

/** A (clear) searches in `zip` and finds B (silent on some points): B's side waits in followupsQueued. */
async function pairWithQueuedFollowups(zip: string) {
  const a = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: zip });
  const b = await signedUpPerson(t, {
    gender: "woman",
    seekingGender: "man",
    zipCode: zip,
    interview: SILENT_CANDIDATE,
  });
  await call(t.app, a.cookie, "triggeredPrelimMatch");
  const algo = await call(t.app, a.cookie, "triggeredMatchingAlgo");
  return { a, b, algo };
}

/** B answers a follow-up question in the chat (hiking, books and music: the points B was silent on). */
function answerInChat(cookie: string, question: string) {
  return call(t.app, cookie, "callSamApi", {
    userMessage:
      "I love hiking, reading books, music and cooking; I am honest, kind, and want marriage and a family. I listen and laugh a lot.",
    followupQuestion: question,
  });
}

describe("follow-up questions", () => {
  it("unclear points become questions with no 8-word run of the candidate's words; answering rescores", async () => {
    const { a, b, algo } = await pairWithQueuedFollowups("97201"); // Portland
    expect(algo.body.result).toEqual({ found: true });
    const [bSide] = await rowsOf(b.userId);
    const [aSide] = await rowsOf(a.userId);
    expect(bSide?.status).toBe("followupsQueued");
    expect(bSide?.followupQuestions.length).toBeGreaterThan(0);

    const sources = [...Object.values(DEFAULT_INTERVIEW), ...Object.values(SILENT_CANDIDATE)].map((s) =>
      words(s ?? "").join(" "),
    );
    for (const question of [...(bSide?.followupQuestions ?? []), ...(aSide?.followupQuestions ?? [])]) {
      const w = words(question);
      for (let i = 0; i + 8 <= w.length; i += 1) {
        const run = w.slice(i, i + 8).join(" ");
        for (const source of sources) expect(source).not.toContain(run);
      }
    }
    // B cannot answer for A, and A (with nothing queued) waits as followupsAnswered.
    expect(aSide?.status).toBe("followupsAnswered");
    const notQueued = await call(t.app, a.cookie, "triggeredFollowupsMatch", {
      matchUid: b.userId,
      action: "answered",
    });
    expect(notQueued.status).toBe(200);
    expect((await rowsOf(a.userId))[0]?.status).toBe("followupsAnswered");

    // 'answered' before the questions are: refused, and nothing changes.
    const early = await call(t.app, b.cookie, "triggeredFollowupsMatch", { matchUid: a.userId, action: "answered" });
    expect(early.body.error).toEqual({
      status: "FAILED_PRECONDITION",
      code: "followupsRemain",
      message: MESSAGES.followupsRemain,
    });
    expect((await rowsOf(b.userId))[0]).toEqual(bSide);

    // B answers each question in the chat (hiking, books and music); the pair is rescored and goes to photo review.
    for (const question of bSide?.followupQuestions ?? []) {
      const reply = await answerInChat(b.cookie, question);
      expect(reply.body.result.stage_complete).toBe(true);
      expect(reply.body.result.stage).toBe("followupsQueued");
    }
    expect((await rowsOf(b.userId))[0]?.followupQuestions).toEqual([]);
    expect(await stageOf(b.userId)).toBe("followupsQueued");
    const answered = await call(t.app, b.cookie, "triggeredFollowupsMatch", { matchUid: a.userId, action: "answered" });
    expect(answered.status).toBe(200);
    const [after] = await rowsOf(b.userId);
    expect(after?.status).toBe("photoValidation");
    expect(after?.followupQuestions).toEqual([]);
    expect((await rowsOf(a.userId))[0]?.status).toBe("photoValidation");
    // 'When no followupsQueued matches remain, the stage becomes followupsAnswered.'
    expect(await stageOf(b.userId)).toBe("followupsAnswered");
    // A match past its follow-ups cannot be 'answered' again.
    const again = await call(t.app, b.cookie, "triggeredFollowupsMatch", { matchUid: a.userId, action: "answered" });
    expect(again.body.error).toEqual({
      status: "FAILED_PRECONDITION",
      code: "matchTransitionRefused",
      message: MESSAGES.matchTransitionRefused,
    });
    expect((await rowsOf(b.userId))[0]?.status).toBe("photoValidation");
    expect(await stageOf(a.userId)).toBe("complete");
  });
});

describe("the scorer cannot decide a score", () => {
  for (const [label, bad] of [
    ["150", 150],
    ["-1", -1],
    ["NaN", Number.NaN],
    ["'100%'", "100%"],
    ["a fraction", 7.5],
  ] as const) {
    it(`a scorer answering ${label} is rejected and nothing is stored`, async () => {
      const zip = "85001";
      const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
      await createPerson(t.db, { zipCode: zip });
      const liar: Scorer = {
        name: "liar",
        judge: async () => ({
          subScores: { values: bad, lifestyle: 10, goals: 10, communication: 10, interests: 10 },
          uncertain: [],
        }),
      };
      const s = service(liar);
      await s.preliminaryMatch(me);
      expect(await s.scoreCandidates(me)).toEqual({ photoValidation: 0, followupsQueued: 0, no: 0 });
      expect(await rowsOf(me)).toEqual([]);
      await t.db.delete(profiles).where(eq(profiles.zipCode, zip));
    });
  }

  it("a scorer with missing dimensions is rejected and nothing is stored", async () => {
    const zip = "85003";
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    await createPerson(t.db, { zipCode: zip });
    const s = service({ name: "partial", judge: async () => ({ subScores: { values: 10 }, uncertain: [] }) });
    await s.preliminaryMatch(me);
    await s.scoreCandidates(me);
    expect(await rowsOf(me)).toEqual([]);
  });
});

describe("durable, idempotent search steps", () => {
  it("scorer calls stay ≤ 2k whatever the pool size", async () => {
    const zip = "55401"; // Minneapolis
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    for (let i = 0; i < 12; i += 1) await createPerson(t.db, { zipCode: zip });
    let calls = 0;
    const counting: Scorer = {
      name: "counting",
      judge: (a, b) => {
        calls += 1;
        return heuristicScorer.judge(a, b);
      },
    };
    const s = service(counting, 5);
    expect((await s.preliminaryMatch(me)).candidates).toBe(12);
    await s.scoreCandidates(me);
    expect(calls).toBe(10);
    expect(await rowsOf(me)).toHaveLength(5);
  });

  it("a search killed mid-scoring resumes with the same result and no duplicate matches", async () => {
    const zip = "19103"; // Philadelphia
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    const variants: Interview[] = [DEFAULT_INTERVIEW, SILENT_CANDIDATE];
    for (let i = 0; i < 6; i += 1) await createPerson(t.db, { zipCode: zip, interview: variants[i % 2] });

    // A clean run, recorded, then undone.
    const clean = service();
    await clean.preliminaryMatch(me);
    const expected = await clean.scoreCandidates(me);
    const snapshot = async () =>
      (await t.db.select().from(matches))
        .filter((r) => r.userId === me || r.candidateId === me)
        .map((r) => `${r.userId}>${r.candidateId}:${r.status}:${r.score}:${r.followupQuestions.join("|")}`)
        .sort();
    const expectedRows = await snapshot();
    const candidateIds = (await t.db.select().from(searches).where(eq(searches.userId, me)))[0]?.candidateIds ?? [];
    for (const id of candidateIds) {
      await t.db.delete(matches).where(and(eq(matches.userId, me), eq(matches.candidateId, id)));
      await t.db.delete(matches).where(and(eq(matches.userId, id), eq(matches.candidateId, me)));
    }
    await t.db.update(searches).set({ state: "scoring", result: null }).where(eq(searches.userId, me));

    // The process dies after five judgements.
    let calls = 0;
    const dying: Scorer = {
      name: "dying",
      judge: (a, b) => {
        calls += 1;
        if (calls > 5) throw new Error("killed");
        return heuristicScorer.judge(a, b);
      },
    };
    await expect(service(dying).scoreCandidates(me)).rejects.toThrow("killed");
    expect((await snapshot()).length).toBeGreaterThan(0);
    expect((await snapshot()).length).toBeLessThan(expectedRows.length);

    // Started again, the search finishes as if nothing had happened.
    expect(await service().scoreCandidates(me)).toEqual(expected);
    expect(await snapshot()).toEqual(expectedRows);
    // And once finished, running the step again changes nothing.
    expect(await service().scoreCandidates(me)).toEqual(expected);
    expect(await snapshot()).toEqual(expectedRows);
  });

  /** An uninterrupted search of `me`, recorded and then undone, so a second search may run. */
  async function recordCleanSearchThenUndo(me: string) {
    const snapshot = async () =>
      (await t.db.select().from(matches))
        .filter((r) => r.userId === me || r.candidateId === me)
        .map((r) => `${r.userId}>${r.candidateId}:${r.status}:${r.score}:${r.followupQuestions.join("|")}`)
        .sort();
    const clean = service();
    await clean.preliminaryMatch(me);
    const expected = await clean.scoreCandidates(me);
    const expectedRows = await snapshot();
    for (const row of await t.db.select().from(matches)) {
      if (row.userId === me || row.candidateId === me) {
        await t.db.delete(matches).where(and(eq(matches.userId, row.userId), eq(matches.candidateId, row.candidateId)));
      }
    }
    await t.db
      .update(searches)
      .set({ state: "done", updatedAt: new Date(0) })
      .where(eq(searches.userId, me));
    await t.db.update(profiles).set({ searchStarted: null }).where(eq(profiles.userId, me));
    return { expected, expectedRows, snapshot };
  }

  /**
   * The restarted process's workers on `jobs`: they may take a job as soon as it is due, but run it
   * only once `restart()` is called, after the test has looked at what the dying process left
   * (on a loaded machine the job can otherwise be due, and done, before that look).
   */
  async function restartedWorkers(jobs: Jobs) {
    let restart = () => {};
    const restarted = new Promise<void>((resolve) => {
      restart = resolve;
    });
    const healthy = service();
    const gated = Object.assign(Object.create(healthy) as MatchingService, {
      resumeSearch: async (userId: string) => {
        await restarted;
        return healthy.resumeSearch(userId);
      },
      resumeFollowups: async (userId: string, candidateId: string) => {
        await restarted;
        return healthy.resumeFollowups(userId, candidateId);
      },
    });
    await registerMatchingJobs(jobs, gated);
    return { restart };
  }

  /** A process that dies at some step of a search, queueing the step's job on `jobs` first. */
  function dyingService(jobs: Jobs, dies: { writer?: boolean; afterJudgements?: number }) {
    let calls = 0;
    return new MatchingService({
      db: t.db,
      bus: t.bus,
      writer: dies.writer
        ? {
            write: async () => {
              throw new Error("killed");
            },
          }
        : extractiveNarrativeWriter,
      scorer: {
        name: "dying",
        judge: (a, b) => {
          calls += 1;
          if (dies.afterJudgements !== undefined && calls > dies.afterJudgements) throw new Error("killed");
          return heuristicScorer.judge(a, b);
        },
      },
      topK: 20,
      scoringConcurrency: 4,
      mailer: createMailer(t.config, () => {}),
      publicUrl: t.config.publicUrl,
      now: Date.now,
      ...matchingEnqueuers(jobs, 2),
    });
  }

  async function waitUntilSearchDone(me: string) {
    const deadline = Date.now() + 20_000;
    while ((await t.db.select().from(searches).where(eq(searches.userId, me)))[0]?.state !== "done") {
      if (Date.now() > deadline) throw new Error("the job did not finish the search");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return (await t.db.select().from(searches).where(eq(searches.userId, me)))[0]?.result;
  }

  it("killed mid-scoring, the search's pg-boss job finishes it after the restart: same result, no duplicates", async () => {
    const zip = "64105"; // Kansas City
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    const variants: Interview[] = [DEFAULT_INTERVIEW, SILENT_CANDIDATE];
    for (let i = 0; i < 5; i += 1) await createPerson(t.db, { zipCode: zip, interview: variants[i % 2] });
    const { expected, expectedRows, snapshot } = await recordCleanSearchThenUndo(me);

    // The restarted process: a worker with a healthy scorer, polling the same queue.
    // The server's one pg-boss (platform/jobs), as server.ts starts it, with the feature's handler.
    const jobs = await createPgBossJobs({ connectionString: t.databaseUrl, maintenanceIntervalSeconds: 1 });
    const { restart } = await restartedWorkers(jobs);
    try {
      // The process that dies: it queues the job when it claims the search, then its scorer dies.
      const dying = dyingService(jobs, { afterJudgements: 3 });
      await dying.preliminaryMatch(me);
      await expect(dying.scoreCandidates(me)).rejects.toThrow("killed");
      expect((await snapshot()).length).toBeLessThan(expectedRows.length);

      restart();
      expect(await waitUntilSearchDone(me)).toEqual(expected);
      expect(await snapshot()).toEqual(expectedRows);
    } finally {
      restart();
      await jobs.stop();
    }
  });

  it("killed during the preliminary match, the job runs it and the scoring: the same result as a clean search", async () => {
    const zip = "80202"; // Denver
    const me = await createPerson(t.db, { gender: "man", seekingGender: "woman", zipCode: zip });
    const variants: Interview[] = [DEFAULT_INTERVIEW, SILENT_CANDIDATE];
    for (let i = 0; i < 4; i += 1) await createPerson(t.db, { zipCode: zip, interview: variants[i % 2] });
    const { expected, expectedRows, snapshot } = await recordCleanSearchThenUndo(me);
    // The dying process must write this narrative, and dies doing so.
    await t.db.delete(narratives).where(eq(narratives.userId, me));

    const jobs = await createPgBossJobs({ connectionString: t.databaseUrl, maintenanceIntervalSeconds: 1 });
    const { restart } = await restartedWorkers(jobs);
    try {
      await expect(dyingService(jobs, { writer: true }).preliminaryMatch(me)).rejects.toThrow("killed");
      expect((await t.db.select().from(searches).where(eq(searches.userId, me)))[0]?.state).toBe("prelim");
      // Meanwhile another press hears that the search is under way.
      await expect(service().preliminaryMatch(me)).rejects.toThrow(MESSAGES.searchInProgress);

      restart();
      expect(await waitUntilSearchDone(me)).toEqual(expected);
      expect(await snapshot()).toEqual(expectedRows);
    } finally {
      restart();
      await jobs.stop();
    }
  });

  it("killed during a follow-up 'answered', the follow-ups job rescores the pair and settles the stage", async () => {
    const { a, b } = await pairWithQueuedFollowups("30303"); // Atlanta
    const [queued] = await rowsOf(b.userId);
    expect(queued?.status).toBe("followupsQueued");
    for (const question of queued?.followupQuestions ?? []) await answerInChat(b.cookie, question);
    expect(await stageOf(b.userId)).toBe("followupsQueued");

    const jobs = await createPgBossJobs({ connectionString: t.databaseUrl, maintenanceIntervalSeconds: 1 });
    const { restart } = await restartedWorkers(jobs);
    try {
      // The process that dies: it queues the job, rewrites the narrative, then dies scoring.
      await expect(dyingService(jobs, { afterJudgements: 0 }).followupsAnswered(b.userId, a.userId)).rejects.toThrow(
        "killed",
      );
      expect((await rowsOf(b.userId))[0]?.status).toBe("followupsQueued");

      restart();
      const deadline = Date.now() + 20_000;
      while ((await rowsOf(b.userId))[0]?.status === "followupsQueued") {
        if (Date.now() > deadline) throw new Error("the job did not finish the follow-ups");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect((await rowsOf(b.userId))[0]?.status).toBe("photoValidation");
      expect((await rowsOf(a.userId))[0]?.status).toBe("photoValidation");
      expect(await stageOf(b.userId)).toBe("followupsAnswered");
    } finally {
      restart();
      await jobs.stop();
    }
  });

  it("killed after the rescoring but before the stage moved, the follow-ups job only settles the stage", async () => {
    const { a, b } = await pairWithQueuedFollowups("33131"); // Miami
    const [queued] = await rowsOf(b.userId);
    for (const question of queued?.followupQuestions ?? []) await answerInChat(b.cookie, question);
    await call(t.app, b.cookie, "triggeredFollowupsMatch", { matchUid: a.userId, action: "answered" });
    const rescored = await rowsOf(b.userId);
    // The process died between the pair's change and the stage's.
    await t.db.update(profiles).set({ conversationStage: "followupsQueued" }).where(eq(profiles.userId, b.userId));

    await service().resumeFollowups(b.userId, a.userId);
    expect(await stageOf(b.userId)).toBe("followupsAnswered");
    expect(await rowsOf(b.userId)).toEqual(rescored);
  });
});
