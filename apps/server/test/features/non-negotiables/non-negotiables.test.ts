import type { CurrentConversationResponse } from "@sams-web/domain/chat/contracts";
import { TRANSITION_MESSAGES } from "@sams-web/domain/chat/stage-transitions";
import type { Facts, NonNegotiablesResponse, ReadingReply } from "@sams-web/domain/non-negotiables/contracts";
import { NON_NEGOTIABLES_MESSAGES } from "@sams-web/domain/non-negotiables/messages";
import { factBits, refusedBits } from "@sams-web/domain/non-negotiables/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nonNegotiables, profiles } from "../../../src/db/schema.ts";
import { createTestApp, dealbreakersNext, signUp } from "../../support/helpers.ts";

// A member's non-negotiables: asked at the dealbreakers stage (the free answer, the quick
// questions, Sam's read-back with its correction and confirmation), and changed in Settings.

const t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: "1000", CHAT_IP_MESSAGES_PER_MINUTE: "1000" });

const ANSWERS = [
  "I love hiking in the mountains and cooking dinner for friends",
  "Weekends are for reading novels and long walks with my dog",
];

type Reply = {
  message: string;
  stage: string;
  stage_complete: boolean;
  reading?: ReadingReply;
};

async function sam(cookie: string, data: Record<string, unknown>) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/call/callSamApi",
    headers: { cookie },
    payload: { data },
  });
  return { status: response.statusCode, body: response.json() as { result: Reply; error?: { message: string } } };
}

/** A member walked to the dealbreakers stage. */
async function atDealbreakers() {
  const person = await signUp(t.app);
  for (let turn = 0; turn < 20; turn++) {
    const { body } = await sam(person.cookie, { userMessage: ANSWERS[turn % 2] });
    if (body.result.stage === "dealbreakers") return person;
  }
  throw new Error("never reached the dealbreakers stage");
}

async function stored(userId: string) {
  const [row] = await t.db.select().from(nonNegotiables).where(eq(nonNegotiables.userId, userId));
  return row;
}

const FACTS: Facts = { smoking: "no", wantsChildren: "yes", faith: "none", limits: ["smokingAny", "noChildrenWanted"] };

describe("the dealbreakers stage, signed in", () => {
  it("free answer → quick questions → read-back → a correction → confirmed, and only then the next stage", async () => {
    const person = await atDealbreakers();
    const free = await sam(person.cookie, { userMessage: "Gambling is a hard no, and anyone who lives on a boat." });
    expect(free.body.result.message.endsWith(MESSAGES.tapsIntro)).toBe(true);
    expect(free.body.result.stage).toBe("dealbreakers");

    const taps = await sam(person.cookie, dealbreakersNext(free.body.result, FACTS) ?? {});
    const readBack = taps.body.result;
    expect(readBack.message.startsWith(MESSAGES.readBackIntro)).toBe(true);
    expect(readBack.message).toContain("any smoking or vaping; someone who doesn't want children");
    expect(readBack.message).toContain("gambling");
    expect(readBack.message).toContain("anyone who lives on a boat");
    const questions = (reply: Reply) => reply.reading?.items.map((i) => (i.kind === "ask" ? i.question : i.id));
    expect(questions(readBack)).toEqual(["Do you gamble or bet regularly?", "Do you live on a boat?"]);
    expect((await stored(person.userId))?.facts).toEqual(FACTS);
    expect((await stored(person.userId))?.readingConfirmedAt).toBeNull();

    // "Boats are fine" takes the boat out at once; "no tattoos" is read and added.
    const corrected = await sam(person.cookie, { userMessage: "Actually boats are fine. Also no tattoos." });
    expect(corrected.body.result.stage).toBe("dealbreakers");
    expect(corrected.body.result.message).not.toContain("boat");
    expect(questions(corrected.body.result)).toEqual([
      "Do you gamble or bet regularly?",
      "Are tattoos part of your life?",
    ]);

    const tattoos = corrected.body.result.reading?.items[1]?.id as string;
    const confirm = await sam(person.cookie, {
      userMessage: MESSAGES.readBackConfirmed,
      nonNegotiables: { step: "confirm", removed: [tattoos] },
    });
    expect(confirm.body.result.stage_complete).toBe(true);
    expect(confirm.body.result.stage).toBe("worst_qualities");
    // One message from Sam: the next stage's opener is the reply, not posted after a thank-you.
    expect(confirm.body.result.message).toBe(TRANSITION_MESSAGES.worst_qualities);
    const current = await t.app.inject({
      method: "GET",
      url: "/api/conversations/current",
      headers: { cookie: person.cookie },
    });
    const saved = (current.json() as CurrentConversationResponse).conversation?.messages ?? [];
    expect(saved.slice(-3).map((m) => [m.sender, m.text])).toEqual([
      ["bot", expect.stringContaining(NON_NEGOTIABLES_MESSAGES.readBackQuestion)],
      ["user", MESSAGES.readBackConfirmed],
      ["bot", TRANSITION_MESSAGES.worst_qualities],
    ]);
    const row = await stored(person.userId);
    expect(row?.readingConfirmedAt).not.toBeNull();
    expect(row?.pending).toBeNull();
    expect(row?.reading.map((i) => (i.kind === "ask" ? i.question : i.id))).toEqual([
      "Do you gamble or bet regularly?",
    ]);
    expect(row?.factBits).toBe(factBits(FACTS));
    expect(row?.refusedBits).toBe(refusedBits(FACTS));
  });

  it("refuses a step out of turn, and changes nothing", async () => {
    const person = await atDealbreakers();
    const early = await sam(person.cookie, {
      userMessage: MESSAGES.readBackConfirmed,
      nonNegotiables: { step: "confirm", removed: [] },
    });
    expect(early.status).toBe(400);
    expect(early.body.error?.message).toBe(MESSAGES.nonNegotiablesNotNow);
    const tapsTooSoon = await sam(person.cookie, {
      userMessage: MESSAGES.tapsDone,
      nonNegotiables: { step: "taps", facts: FACTS },
    });
    expect(tapsTooSoon.status).toBe(400);
    expect(await stored(person.userId)).toBeUndefined();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.conversationStage).toBe("dealbreakers");
  });

  it("skipping the quick questions still reads back the person's own words", async () => {
    const person = await atDealbreakers();
    const free = await sam(person.cookie, { userMessage: "Someone who works every weekend is a firm no." });
    const skipped = await sam(person.cookie, dealbreakersNext(free.body.result, null) ?? {});
    expect(skipped.body.result.message).toContain("someone who works every weekend");
    expect(skipped.body.result.message).not.toContain("You can't accept");
  });
});

describe("Settings: GET and PUT /api/non-negotiables", () => {
  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/non-negotiables",
      headers: { ...(cookie ? { cookie } : {}), origin: t.config.publicUrl },
      payload: payload as Record<string, unknown>,
    });

  it("answers only the signed-in person, about themselves", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/non-negotiables" });
    expect(anonymous.statusCode).toBe(401);
    expect((await put(undefined, { facts: FACTS })).statusCode).toBe(401);
    const person = await signUp(t.app);
    const empty = await t.app.inject({
      method: "GET",
      url: "/api/non-negotiables",
      headers: { cookie: person.cookie },
    });
    expect(empty.json()).toEqual({ facts: {}, reading: [], pending: null });
  });

  it("saves answers and limits with their bits, and takes out a reading", async () => {
    const person = await signUp(t.app);
    await t.db.insert(nonNegotiables).values({
      userId: person.userId,
      readingConfirmedAt: new Date(),
      reading: [
        {
          kind: "ask",
          id: "ask:gambling",
          label: "gambling",
          question: "Is gambling part of your life?",
          endsOn: "yes",
          words: "Gambling.",
        },
        { kind: "limit", id: "limit:cats", limit: "cats", words: "No cats." },
      ],
    });
    const response = await put(person.cookie, { facts: FACTS, removed: ["ask:gambling"] });
    expect(response.statusCode).toBe(200);
    const body = response.json() as NonNegotiablesResponse;
    expect(body.facts).toEqual(FACTS);
    expect(body.reading.map((i) => i.id)).toEqual(["limit:cats"]);
    const row = await stored(person.userId);
    // The confirmed reading's "no cats" is a limit too.
    expect(row?.refusedBits).toBe(refusedBits({ ...FACTS, limits: [...(FACTS.limits ?? []), "cats"] }));
  });

  it("refuses a bad answer with a message and keeps what was there", async () => {
    const person = await signUp(t.app);
    await put(person.cookie, { facts: FACTS });
    for (const bad of [
      { facts: { smoking: "yes" } },
      { facts: { limits: ["spiders"] } },
      { facts: { smoking: "no", drinks: "often" } },
      { facts: FACTS, removed: Array(50).fill("x") },
      {},
    ]) {
      const response = await put(person.cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.status).toBe("INVALID_ARGUMENT");
    }
    expect((await stored(person.userId))?.facts).toEqual(FACTS);
  });

  it("twenty changes at once leave one of them whole, bits and answers together", async () => {
    const person = await signUp(t.app);
    const versions: Facts[] = Array.from({ length: 20 }, (_, i) => ({
      smoking: i % 2 ? "no" : "daily",
      drinking: i % 3 ? "socially" : "never",
      limits: i % 4 ? ["cats"] : ["dogs", "smokingAny"],
    }));
    const responses = await Promise.all(versions.map((facts) => put(person.cookie, { facts })));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const row = await stored(person.userId);
    expect(versions).toContainEqual(row?.facts);
    expect(row?.factBits).toBe(factBits(row?.facts ?? {}));
    expect(row?.refusedBits).toBe(refusedBits(row?.facts ?? {}));
  });
});
