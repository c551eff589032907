import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { CURRENT_CONVERSATION_PATH } from "@sams-web/domain/chat/contracts";
import { OUTCOME_TOKEN_PARAM } from "@sams-web/domain/matching/contracts";
import { outcomeChatMessage } from "@sams-web/domain/matching/messages";
import {
  MATCH_OUTCOMES,
  type MatchOutcome,
  OUTCOME_ANSWER_WINDOW_MS,
  OUTCOME_ASK_AFTER_MS,
} from "@sams-web/domain/matching/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { DAY_MS } from "@sams-web/domain/shared/time";
import { and, eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed, seedOutcomes } from "../../../../../scripts/seed.ts";
import { FEATURES } from "../../../src/app.ts";
import type { Database } from "../../../src/db/client.ts";
import { matches, matchOutcomes, messages } from "../../../src/db/schema.ts";
import { OUTCOMES_QUEUE } from "../../../src/features/matching/jobs.ts";
import { extractiveNarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { createOutcomeSigner, type OutcomeClaim } from "../../../src/features/matching/outcomes/outcome-links.ts";
import { outcomeSummary } from "../../../src/features/matching/outcomes/outcome-summary.ts";
import { OutcomeService } from "../../../src/features/matching/outcomes/service.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";
import { MatchingService } from "../../../src/features/matching/service.ts";
import { createInlineJobs } from "../../../src/platform/jobs/jobs.ts";
import type { Mailer, MailMessage } from "../../../src/platform/mail/mailer.ts";
import { createStorage } from "../../../src/platform/storage/create-storage.ts";
import { post } from "../../support/accounts.ts";
import { createTestApp, createTestDatabase } from "../../support/helpers.ts";
import { call, createPerson, signedUpPerson } from "../../support/matching-fixtures.ts";
import { readZip } from "../../support/zip.ts";

// What happened after a connection: fourteen days after two people connect, Sam asks each of them
// once whether they met, by email and in their chat; signed links record the answer for a week.

function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    driver: "outbox",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

// Two instances of the server on one database, each with its own mail and its own job runner.
const database = await createTestDatabase();
afterAll(() => database.drop());
const mailA = recordingMailer();
const mailB = recordingMailer();
const jobsA = createInlineJobs();
const jobsB = createInlineJobs();
const t = await createTestApp({}, [], FEATURES, { database, build: { mailer: mailA, jobs: jobsA } });
await createTestApp({}, [], FEATURES, { database, build: { mailer: mailB, jobs: jobsB } });
const signer = createOutcomeSigner(t.app.auth.options.secret);

/** An outcome service on the shared database with a clock of the test's own. */
function serviceAt(clock: { now: number }, mailer: Mailer = recordingMailer()) {
  return new OutcomeService({
    db: t.db,
    bus: t.bus,
    mailer,
    publicUrl: t.config.publicUrl,
    signer,
    now: () => clock.now,
  });
}

async function connect(db: Database, a: string, b: string, connectedAt: Date, score = 80): Promise<void> {
  await db.insert(matches).values([
    { userId: a, candidateId: b, status: "connected", score, followupQuestions: [], connectedAt },
    { userId: b, candidateId: a, status: "connected", score, followupQuestions: [], connectedAt },
  ]);
}

/** Two signed-up people (Alex and Robin) who connected at `connectedAt`. */
async function connectedPair(connectedAt: Date) {
  const a = await signedUpPerson(t, { name: "Alex Smith", gender: "man", seekingGender: "woman" });
  const b = await signedUpPerson(t, { name: "Robin Lee", gender: "woman", seekingGender: "man" });
  await connect(t.db, a.userId, b.userId, connectedAt);
  return { a, b };
}

const mailsTo = (mailer: { sent: MailMessage[] }, email: string) =>
  mailer.sent.filter((m) => typeof m.to !== "string" && m.to.address === email);

async function samsQuestions(userId: string, otherFirstName: string) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.text, outcomeChatMessage(otherFirstName))));
}

/** The answer links in an outcome email, by answer. */
function linksIn(mail: MailMessage): Record<MatchOutcome, string> {
  const links = mail.text.match(/http:\/\/localhost:3000\/match-outcome\?t=[\w.-]+/g) ?? [];
  expect(links).toHaveLength(3);
  return Object.fromEntries(MATCH_OUTCOMES.map((outcome, i) => [outcome, links[i]])) as Record<MatchOutcome, string>;
}

const tokenOf = (link: string) => new URL(link).searchParams.get(OUTCOME_TOKEN_PARAM) ?? "";

/** Taps an answer link as the answer page does: the recordMatchOutcome callable, signed in or not. */
const tap = (token: string, cookie?: string) => call(t.app, cookie, "recordMatchOutcome", { token });

async function outcomeOf(userId: string, candidateId: string) {
  const [row] = await t.db
    .select()
    .from(matchOutcomes)
    .where(and(eq(matchOutcomes.userId, userId), eq(matchOutcomes.candidateId, candidateId)));
  return row ?? null;
}

const openQuestions = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/matches/outcomes", headers: { cookie } });

describe("Sam asks each person once, fourteen days after they connect", () => {
  it("the connection's time is the moment both have confirmed, the same on both records", async () => {
    const a = await createPerson(t.db, { name: "Sky" });
    const b = await createPerson(t.db, { name: "Lee" });
    await t.db.insert(matches).values([
      { userId: a, candidateId: b, status: "matchPending", score: 90, followupQuestions: [] },
      { userId: b, candidateId: a, status: "matchPending", score: 90, followupQuestions: [] },
    ]);
    const matching = new MatchingService({
      db: t.db,
      bus: t.bus,
      writer: extractiveNarrativeWriter,
      scorer: heuristicScorer,
      topK: 20,
      scoringConcurrency: 4,
      mailer: recordingMailer(),
      publicUrl: t.config.publicUrl,
      now: Date.now,
    });
    await matching.confirm(a, b);
    expect((await t.db.select().from(matches).where(eq(matches.userId, a)))[0]?.connectedAt).toBeNull();
    const before = Date.now();
    await matching.confirm(b, a);
    const rows = await t.db
      .select()
      .from(matches)
      .where(inArray(matches.userId, [a, b]));
    expect(rows.map((r) => r.status)).toEqual(["connected", "connected"]);
    const [first, second] = rows.map((r) => r.connectedAt?.getTime() ?? Number.NaN);
    expect(first).toBe(second);
    expect(Math.abs((first ?? 0) - before)).toBeLessThan(5_000);
  });

  it("not a millisecond before fourteen days; then one email and one chat message each, and never again", async () => {
    const connectedAt = new Date();
    const { a, b } = await connectedPair(connectedAt);
    const clock = { now: connectedAt.getTime() + OUTCOME_ASK_AFTER_MS - 1 };
    const mail = recordingMailer();
    const service = serviceAt(clock, mail);

    await service.sweep();
    expect(mailsTo(mail, a.email)).toEqual([]);
    expect(mailsTo(mail, b.email)).toEqual([]);
    expect(await samsQuestions(a.userId, "Robin")).toEqual([]);
    expect(await outcomeOf(a.userId, b.userId)).toBeNull();

    clock.now += 1;
    await service.sweep();
    const [toAlex, ...moreToAlex] = mailsTo(mail, a.email);
    const [toRobin] = mailsTo(mail, b.email);
    expect(moreToAlex).toEqual([]);
    expect(toAlex?.subject).toBe("Did you meet Robin?");
    expect(toRobin?.subject).toBe("Did you meet Alex?");
    if (!toAlex) throw new Error("no email to Alex");
    expect(toAlex.text).toContain("Yes, we met: http://localhost:3000/match-outcome?t=");
    expect(toAlex.text).toContain("We talked but didn't meet: http://localhost:3000/match-outcome?t=");
    expect(toAlex.text).toContain("We didn't talk: http://localhost:3000/match-outcome?t=");
    expect(toAlex.html).toContain("We didn&#39;t talk</a>");
    // The other person by first name only: no surname, no address.
    const toAlexWhole = `${toAlex.subject}${toAlex.text}${toAlex.html}`;
    for (const secret of ["Lee", b.email]) expect(toAlexWhole).not.toContain(secret);
    expect(await samsQuestions(a.userId, "Robin")).toHaveLength(1);
    expect(await samsQuestions(b.userId, "Alex")).toHaveLength(1);
    expect((await outcomeOf(a.userId, b.userId))?.askedAt.getTime()).toBe(clock.now);

    // Sam's message is the newest of the person's conversation, as the chat shows it.
    const chat = await t.app.inject({ method: "GET", url: CURRENT_CONVERSATION_PATH, headers: { cookie: a.cookie } });
    expect(chat.json().conversation.messages.at(-1)).toMatchObject({
      sender: "bot",
      text: outcomeChatMessage("Robin"),
    });
    // Below it, the chat offers the three answers while they may still change.
    const questions = (await openQuestions(a.cookie)).json().questions;
    expect(questions).toEqual([
      {
        id: b.userId,
        firstName: "Robin",
        answer: null,
        answerUntil: clock.now + OUTCOME_ANSWER_WINDOW_MS,
        tokens: { met: expect.any(String), talked: expect.any(String), didNotTalk: expect.any(String) },
      },
    ]);

    clock.now += DAY_MS;
    await service.sweep();
    await serviceAt(clock, mail).sweep();
    expect(mailsTo(mail, a.email)).toHaveLength(1);
    expect(mailsTo(mail, b.email)).toHaveLength(1);
    expect(await samsQuestions(a.userId, "Robin")).toHaveLength(1);
  });

  it("two instances sweeping at once ask each person exactly once", async () => {
    expect(jobsA.schedules.get(OUTCOMES_QUEUE)).toBe("41 * * * *");
    const people: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await createPerson(t.db, { name: `Ann${i} Race` });
      const b = await createPerson(t.db, { name: `Bo${i} Race` });
      await connect(t.db, a, b, new Date(Date.now() - OUTCOME_ASK_AFTER_MS - DAY_MS));
      people.push(a, b);
    }
    await Promise.all([
      jobsA.run(OUTCOMES_QUEUE),
      jobsB.run(OUTCOMES_QUEUE),
      jobsA.run(OUTCOMES_QUEUE),
      jobsB.run(OUTCOMES_QUEUE),
    ]);
    for (const id of people) {
      const email = `${id}@example.com`;
      expect([...mailsTo(mailA, email), ...mailsTo(mailB, email)]).toHaveLength(1);
      expect(await t.db.select().from(matchOutcomes).where(eq(matchOutcomes.userId, id))).toHaveLength(1);
      const asked = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, id), eq(messages.sender, "bot")));
      expect(asked.filter((m) => m.text.startsWith("It has been two weeks"))).toHaveLength(1);
    }
  });
});

describe("the answer links", () => {
  // Connected fifteen days ago, asked by the hourly sweep just before these tests.
  let a: Awaited<ReturnType<typeof connectedPair>>["a"];
  let b: Awaited<ReturnType<typeof connectedPair>>["b"];
  let links: Record<MatchOutcome, string>;
  let askedAt: number;
  beforeAll(async () => {
    ({ a, b } = await connectedPair(new Date(Date.now() - OUTCOME_ASK_AFTER_MS - DAY_MS)));
    await jobsA.run(OUTCOMES_QUEUE);
    const [mail] = mailsTo(mailA, a.email);
    if (!mail) throw new Error("Alex was not asked");
    links = linksIn(mail);
    askedAt = (await outcomeOf(a.userId, b.userId))?.askedAt.getTime() ?? Number.NaN;
  });

  it("a tap records the answer with no sign-in, and another tap within the week replaces it", async () => {
    const met = await tap(tokenOf(links.met));
    expect(met.status).toBe(200);
    expect(met.body.result).toEqual({
      outcome: "met",
      answerUntil: askedAt + OUTCOME_ANSWER_WINDOW_MS,
      message: MESSAGES.outcomeRecorded,
    });
    expect(await outcomeOf(a.userId, b.userId)).toMatchObject({ outcome: "met", answeredAt: expect.any(Date) });

    expect((await tap(tokenOf(links.didNotTalk))).status).toBe(200);
    expect((await outcomeOf(a.userId, b.userId))?.outcome).toBe("didNotTalk");
    // The chat's own buttons carry equivalent links, and show the answer given.
    const [question] = (await openQuestions(a.cookie)).json().questions;
    expect(question.answer).toBe("didNotTalk");
    expect((await tap(question.tokens.talked, a.cookie)).status).toBe(200);
    expect((await outcomeOf(a.userId, b.userId))?.outcome).toBe("talked");
    // Robin's answer is Robin's own: Alex's taps left it alone.
    expect((await outcomeOf(b.userId, a.userId))?.outcome).toBeNull();
  });

  it("once the week is over, a link is refused with a clear message and changes nothing", async () => {
    const before = await outcomeOf(a.userId, b.userId);
    await expect(serviceAt({ now: askedAt + OUTCOME_ANSWER_WINDOW_MS }).record(tokenOf(links.met))).rejects.toThrow(
      MESSAGES.outcomeLinkExpired,
    );
    expect(await outcomeOf(a.userId, b.userId)).toEqual(before);
    // A minute before the end it still counts.
    const lastMinute = serviceAt({ now: askedAt + OUTCOME_ANSWER_WINDOW_MS - 60_000 });
    expect((await lastMinute.record(tokenOf(links.met))).outcome).toBe("met");
    await lastMinute.record(tokenOf(links.talked));

    // Through the app, for a question asked eight days ago.
    const c = await createPerson(t.db, { name: "Cam" });
    const d = await createPerson(t.db, { name: "Dee" });
    const longAgo = Date.now() - 8 * DAY_MS;
    await connect(t.db, c, d, new Date(longAgo - OUTCOME_ASK_AFTER_MS));
    await t.db.insert(matchOutcomes).values({ userId: c, candidateId: d, askedAt: new Date(longAgo) });
    const expired = await tap(
      signer.sign({ userId: c, candidateId: d, outcome: "met", expiresAt: longAgo + OUTCOME_ANSWER_WINDOW_MS }),
    );
    expect(expired.status).toBe(400);
    expect(expired.body.error).toEqual({
      status: "FAILED_PRECONDITION",
      code: "outcomeLinkExpired",
      message: MESSAGES.outcomeLinkExpired,
    });
    // The window is the database's: even a token with a later expiry cannot reopen it.
    const later = await tap(signer.sign({ userId: c, candidateId: d, outcome: "met", expiresAt: Date.now() + DAY_MS }));
    expect(later.body.error?.message).toBe(MESSAGES.outcomeLinkExpired);
    expect((await outcomeOf(c, d))?.outcome).toBeNull();
  });

  it("an altered link, one made for another person's match, or one Sam never asked about is refused", async () => {
    const before = await outcomeOf(a.userId, b.userId);
    const other = await createPerson(t.db, { name: "Other" });
    const [payload, signature] = tokenOf(links.met).split(".");
    type Fields = [userId: string, candidateId: string, outcome: string, expiresAt: number];
    const claim = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Fields;
    const altered = (fields: Fields) => `${Buffer.from(JSON.stringify(fields)).toString("base64url")}.${signature}`;
    const refusedAsInvalid = [
      // Someone else's match, someone else answering, another answer, a later expiry: the signature no longer fits.
      altered([claim[0], other, claim[2], claim[3]]),
      altered([b.userId, a.userId, claim[2], claim[3]]),
      altered([claim[0], claim[1], "didNotTalk", claim[3]]),
      altered([claim[0], claim[1], claim[2], claim[3] + DAY_MS]),
      createOutcomeSigner("another-secret-another-secret-another").sign({
        userId: a.userId,
        candidateId: b.userId,
        outcome: "met",
        expiresAt: claim[3],
      }),
      `${payload}.${signature}x`,
      "not-a-token",
      `${payload}.${signature}.${signature}`,
    ];
    for (const token of refusedAsInvalid) {
      const refused = await tap(token);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        status: "INVALID_ARGUMENT",
        code: "outcomeLinkInvalid",
        message: MESSAGES.outcomeLinkInvalid,
      });
    }
    // Signed, but about a match Sam never asked this person about.
    const unasked: OutcomeClaim = { userId: a.userId, candidateId: other, outcome: "met", expiresAt: claim[3] };
    const notAsked = await tap(signer.sign(unasked));
    expect(notAsked.status).toBe(404);
    expect(notAsked.body.error?.message).toBe(MESSAGES.outcomeLinkInvalid);
    expect(await outcomeOf(a.userId, b.userId)).toEqual(before);
    expect(await outcomeOf(a.userId, other)).toBeNull();
    // The open questions are the signed-in person's own.
    expect((await t.app.inject({ method: "GET", url: "/api/matches/outcomes" })).statusCode).toBe(401);
    expect((await openQuestions(b.cookie)).json().questions.map((q: { id: string }) => q.id)).toEqual([a.userId]);
  });

  it("the person's data export holds their answers, and not the other person's", async () => {
    expect((await tap(tokenOf(linksIn(mailsTo(mailA, b.email)[0] as MailMessage).met))).status).toBe(200);
    const response = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: a.cookie } });
    const files = readZip(response.rawPayload);
    expect(files.get("README.txt")?.toString("utf8")).toContain("outcomes.json");
    const outcomes = JSON.parse(files.get("outcomes.json")?.toString("utf8") ?? "null");
    const mine = await outcomeOf(a.userId, b.userId);
    expect(outcomes).toEqual([
      {
        matchId: b.userId,
        askedAt: mine?.askedAt.toISOString(),
        outcome: mine?.outcome,
        answeredAt: mine?.answeredAt?.toISOString(),
      },
    ]);
    expect(mine?.outcome).not.toBe("met");
    const matchesJson = JSON.parse(files.get("matches.json")?.toString("utf8") ?? "null");
    expect(matchesJson.map((m: { id: string }) => m.id)).toEqual([b.userId]);
  });

  it("deleting an account deletes its answers, and the other person's answers about it", async () => {
    const deleted = await post(t.app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: a.cookie });
    expect(deleted.statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(matchOutcomes)
      .where(or(eq(matchOutcomes.userId, a.userId), eq(matchOutcomes.candidateId, a.userId)));
    expect(left).toEqual([]);
    expect(await tap(tokenOf(links.met))).toMatchObject({ status: 404 });
  });
});

describe("npm run match:outcomes", () => {
  it("counts connections, answers and meetings per score band, as computed by hand", async () => {
    const own = await createTestDatabase();
    try {
      const person = () => createPerson(own.db);
      const asked = new Date(Date.now() - 3 * DAY_MS);
      const connectedAt = new Date(asked.getTime() - OUTCOME_ASK_AFTER_MS);
      // [score, first person's answer, second person's answer]; undefined: not asked yet.
      const fixture: [number, MatchOutcome | null | undefined, MatchOutcome | null | undefined][] = [
        [65, "met", null], //                 answered, met
        [68, "talked", "didNotTalk"], //      answered, not met
        [75, undefined, undefined], //        connected 5 days ago: not asked yet
        [92, null, null], //                  asked, no answer
        [95, "met", "met"], //                answered, met
      ];
      for (const [score, first, second] of fixture) {
        const [a, b] = [await person(), await person()];
        await connect(own.db, a, b, first === undefined ? new Date(Date.now() - 5 * DAY_MS) : connectedAt, score);
        if (first === undefined) continue;
        await own.db.insert(matchOutcomes).values([
          { userId: a, candidateId: b, askedAt: asked, outcome: first, answeredAt: first ? asked : null },
          { userId: b, candidateId: a, askedAt: asked, outcome: second ?? null, answeredAt: second ? asked : null },
        ]);
      }
      // A pair that did not connect is no connection.
      const [x, y] = [await person(), await person()];
      await own.db.insert(matches).values([
        { userId: x, candidateId: y, status: "matchPending", score: 99, followupQuestions: [] },
        { userId: y, candidateId: x, status: "matchPending", score: 99, followupQuestions: [] },
      ]);

      const table = [
        "score band  connections  asked  answered  met  met/answered",
        "<60                   0      0         0    0             –",
        "60–69                 2      2         2    1           50%",
        "70–79                 1      0         0    0             –",
        "80–89                 0      0         0    0             –",
        "90–100                2      2         1    1          100%",
        "all                   5      4         3    2           67%",
      ];
      const lines = await outcomeSummary(own.db);
      expect(lines.slice(0, table.length)).toEqual(table);

      // The command itself, against that database.
      const root = path.resolve(import.meta.dirname, "../../../../..");
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/match-outcomes.ts"], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: own.url, LOG_LEVEL: "silent" },
      });
      expect(stdout.split("\n").slice(0, table.length)).toEqual(table);
    } finally {
      await own.drop();
    }
  }, 60_000);

  it("`npm run seed -- --outcomes` connects seeded people with answers, so the summary has figures", async () => {
    const own = await createTestDatabase();
    try {
      const ids = await seed(own.db, { users: 40, seed: 5, photos: false, storage: createStorage(t.config) });
      const pairs = await seedOutcomes(own.db, ids, 5);
      expect(pairs).toBe(5);
      const all = (await outcomeSummary(own.db)).find((line) => line.startsWith("all"));
      const [connections, asked, answered, met] = (all ?? "").split(/\s+/).slice(1).map(Number);
      expect([connections, asked]).toEqual([5, 5]);
      expect(answered).toBeGreaterThan(0);
      expect(met).toBeLessThanOrEqual(answered ?? 0);
      // Seeded connections are older than fourteen days and already asked: the sweep leaves them be.
      const rows = await own.db.select().from(matchOutcomes);
      expect(rows).toHaveLength(10);
      expect(rows.every((r) => r.askedAt.getTime() <= Date.now())).toBe(true);
    } finally {
      await own.drop();
    }
  }, 60_000);
});
