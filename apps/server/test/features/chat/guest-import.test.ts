import type { ChatMessage, ImportConversationResponse } from "@sams-web/domain/chat/contracts";
import { transitionMessage } from "@sams-web/domain/chat/stage-transitions";
import { OPENING_MESSAGE, STAGES, type Stage } from "@sams-web/domain/chat/stages";
import type { Facts, GuestNonNegotiables, ReadingReply } from "@sams-web/domain/non-negotiables/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matchPoints, messages, nonNegotiables, profiles } from "../../../src/db/schema.ts";
import { createTestApp, dealbreakersNext, signUp, solveBotcheck } from "../../support/helpers.ts";

const t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: "1000", CHAT_IP_MESSAGES_PER_MINUTE: "1000" });

const ANSWERS = [
  "I love hiking in the mountains and cooking dinner for friends",
  "Weekends are for reading novels and long walks with my dog",
  "I hope to build a family and share a home with someone kind",
  "Honesty, loyalty and patience are what my friends always mention",
];

type Reply = { message: string; stage: Stage; signature?: string; reading?: ReadingReply };

/** What a guest's browser keeps: the history, the stage, and its non-negotiables. */
interface Guest {
  history: ChatMessage[];
  stage: Stage;
  nonNegotiables: GuestNonNegotiables;
  last?: Reply;
}

/**
 * One guest message through callSamApi, exactly as the browser's guest chat sends and keeps it:
 * at the dealbreakers stage, the quick questions' answers (`facts`) and then the confirmation
 * of Sam's read-back, with the signed reading sent back.
 */
async function guestTurn(guest: Guest, answer: string, facts: Facts | null = null): Promise<void> {
  const next = guest.last ? dealbreakersNext(guest.last, facts) : null;
  const userMessage = next?.userMessage ?? answer;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/call/callSamApi",
    headers: { "x-botcheck": await solveBotcheck(t.app) },
    payload: {
      data: {
        userMessage,
        conversationHistory: guest.history,
        effectiveStage: guest.stage,
        ...(next ? { nonNegotiables: next.nonNegotiables } : {}),
      },
    },
  });
  const reply = (response.json() as { result: Reply }).result;
  guest.history.push({ sender: "user", text: userMessage, timestamp: Date.now() });
  guest.history.push({ sender: "bot", text: reply.message, timestamp: Date.now(), signature: reply.signature });
  if (reply.stage !== guest.stage) {
    guest.history.push({ sender: "bot", text: transitionMessage(reply.stage) as string, timestamp: Date.now() });
  }
  if (next?.nonNegotiables.step === "taps") guest.nonNegotiables.facts = facts;
  if (reply.reading?.signature) {
    guest.nonNegotiables.reading = { items: reply.reading.items, signature: reply.reading.signature };
  }
  if (next?.nonNegotiables.step === "confirm") {
    guest.nonNegotiables.removed = next.nonNegotiables.removed;
    guest.nonNegotiables.confirmed = true;
  }
  guest.stage = reply.stage;
  guest.last = reply;
}

/** A real guest interview, walked until `target`. */
async function guestWalk(target: Stage, facts: Facts | null = null, dealbreakers?: string): Promise<Guest> {
  const guest: Guest = {
    history: [{ sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() }],
    stage: "rapport_building",
    nonNegotiables: {},
  };
  for (let turn = 0; guest.stage !== target; turn++) {
    if (turn > 60) throw new Error("the interview did not advance");
    const answer = guest.stage === "dealbreakers" && dealbreakers ? dealbreakers : ANSWERS[turn % ANSWERS.length];
    await guestTurn(guest, answer as string, facts);
  }
  return guest;
}

async function guestInterview(target: Stage): Promise<ChatMessage[]> {
  return (await guestWalk(target)).history;
}

async function importAs(
  cookie: string,
  conversation: { messages: ChatMessage[]; stage: Stage; nonNegotiables?: GuestNonNegotiables },
  /** The import route allows 10 a minute from one address; a test of its own may use another. */
  remoteAddress = "127.0.0.1",
) {
  return t.app.inject({
    method: "POST",
    url: "/api/conversations/import",
    headers: { cookie },
    remoteAddress,
    payload: { conversation },
  });
}

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

async function savedMessages(userId: string) {
  return t.db.select().from(messages).where(eq(messages.userId, userId));
}

describe("an imported guest conversation must be one the server produced", () => {
  it("refuses a forged interview ('ok' before each of Sam's transitions): nothing is imported", async () => {
    const person = await signUp(t.app);
    const forged: ChatMessage[] = [{ sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() }];
    for (const stage of STAGES.slice(1)) {
      forged.push({ sender: "user", text: "ok", timestamp: Date.now() });
      forged.push({ sender: "bot", text: transitionMessage(stage) as string, timestamp: Date.now() });
    }

    const response = await importAs(person.cookie, { messages: forged, stage: "complete" });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.guestHistoryUnverified);
    expect((await profileOf(person.userId))?.chatComplete).toBe(false);
    expect((await profileOf(person.userId))?.conversationStage).toBe("rapport_building");
    expect(await savedMessages(person.userId)).toEqual([]);
  });

  it("imports a real guest interview walked through callSamApi, with its stage", async () => {
    const person = await signUp(t.app);
    const history = await guestInterview("complete");

    const response = await importAs(person.cookie, { messages: history, stage: "complete" });

    expect(response.statusCode).toBe(200);
    expect((response.json() as ImportConversationResponse).imported).toBe(true);
    expect((await profileOf(person.userId))?.chatComplete).toBe(true);
    expect((await savedMessages(person.userId)).map((m) => m.text)).toEqual(history.map((m) => m.text));
  });

  it("a tampered message breaks the chain: a changed answer, reply, signature or an inserted transition", async () => {
    const history = await guestInterview("best_qualities");
    const firstAnswer = history.findIndex((m) => m.sender === "user");
    const firstReply = history.findIndex((m) => m.sender === "bot" && m.signature);
    const tampered: ChatMessage[][] = [
      history.map((m, i) => (i === firstAnswer ? { ...m, text: "ok" } : m)),
      history.map((m, i) => (i === firstReply ? { ...m, text: `${m.text}!` } : m)),
      history.map((m, i) => (i === firstReply ? { ...m, signature: `${m.signature?.slice(1)}A` } : m)),
      history.map((m, i) => (i === firstReply ? { sender: m.sender, text: m.text, timestamp: m.timestamp } : m)),
      history.filter((_, i) => i !== firstAnswer),
      [
        ...history,
        { sender: "user", text: "ok", timestamp: Date.now() },
        { sender: "bot", text: transitionMessage("partner_preferences") as string, timestamp: Date.now() },
      ],
    ];
    for (const messagesOfAttempt of tampered) {
      const person = await signUp(t.app);
      const response = await importAs(person.cookie, { messages: messagesOfAttempt, stage: "partner_preferences" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(MESSAGES.guestHistoryUnverified);
      expect(await savedMessages(person.userId)).toEqual([]);
    }
  });

  it("a reply signed for a history the browser made up does not carry over to the real one", async () => {
    // The server judged a history with a substantive answer that the imported copy leaves out.
    const guest: Guest = {
      history: [
        { sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() },
        { sender: "user", text: ANSWERS[0] as string, timestamp: Date.now() },
      ],
      stage: "rapport_building",
      nonNegotiables: {},
    };
    for (let turn = 1; guest.stage === "rapport_building"; turn++) {
      if (turn > 10) throw new Error("the stage did not advance");
      await guestTurn(guest, ANSWERS[turn % ANSWERS.length] as string);
    }
    const made = guest.history;
    const person = await signUp(t.app);
    const response = await importAs(person.cookie, {
      messages: made.filter((_, i) => i !== 1),
      stage: "relationship_goals",
    });
    expect(response.statusCode).toBe(400);
    expect(await savedMessages(person.userId)).toEqual([]);
  });
});

describe("a guest's non-negotiables move into the account with the conversation", () => {
  const facts: Facts = { smoking: "no", wantsChildren: "yes", limits: ["smokingAny", "noChildrenWanted"] };

  it("keeps the taps and the confirmed reading, without what the guest took out", async () => {
    const guest = await guestWalk("worst_qualities", facts, "Gambling, and anyone who lives on a boat.");
    const reading = guest.nonNegotiables.reading;
    expect(reading?.items.map((item) => item.kind)).toEqual(["ask", "ask"]);
    // The guest took the boat out before confirming (as the read-back card lets them).
    const boat = reading?.items.find((item) => item.kind === "ask" && item.question === "Do you live on a boat?");
    const person = await signUp(t.app);
    const response = await importAs(
      person.cookie,
      {
        messages: guest.history,
        stage: guest.stage,
        nonNegotiables: { ...guest.nonNegotiables, removed: [boat?.id as string] },
      },
      "10.0.0.2",
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(nonNegotiables).where(eq(nonNegotiables.userId, person.userId));
    expect(row?.facts).toEqual(facts);
    expect(row?.readingConfirmedAt).not.toBeNull();
    expect(row?.reading.map((item) => (item.kind === "ask" ? item.question : item.id))).toEqual([
      "Do you gamble or bet regularly?",
    ]);
    expect(row?.refusedBits).not.toBe(0n);
  });

  it("refuses a reading the server never signed, and imports nothing", async () => {
    const guest = await guestWalk("worst_qualities", facts, "Gambling is a firm no for me.");
    const reading = guest.nonNegotiables.reading;
    if (!reading) throw new Error("no reading");
    const forged = {
      ...reading,
      items: reading.items.map((item) =>
        item.kind === "ask" ? { ...item, question: "Call 555 0100 to win a prize?" } : item,
      ),
    };
    const person = await signUp(t.app);
    const response = await importAs(
      person.cookie,
      {
        messages: guest.history,
        stage: guest.stage,
        nonNegotiables: { ...guest.nonNegotiables, reading: forged },
      },
      "10.0.0.3",
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.readingUnverified);
    expect(await savedMessages(person.userId)).toEqual([]);
    expect(await t.db.select().from(nonNegotiables).where(eq(nonNegotiables.userId, person.userId))).toEqual([]);
  });

  it("refuses to confirm, at the chat, a reading the server never signed", async () => {
    const guest = await guestWalk("dealbreakers", facts);
    await guestTurn(guest, "Gambling and debt are both a firm no for me.", facts);
    await guestTurn(guest, "", facts);
    const reading = guest.nonNegotiables.reading;
    expect(guest.last?.message.startsWith(MESSAGES.readBackIntro)).toBe(true);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/call/callSamApi",
      headers: { "x-botcheck": await solveBotcheck(t.app) },
      payload: {
        data: {
          userMessage: MESSAGES.readBackConfirmed,
          conversationHistory: guest.history,
          effectiveStage: guest.stage,
          nonNegotiables: {
            step: "confirm",
            removed: [],
            reading: { items: [], signature: reading?.signature },
          },
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.readingUnverified);
  });
});

describe("match points follow the answers", () => {
  it("a searchable person's row carries their bits, and a change in Settings reaches it", async () => {
    const person = await signUp(t.app);
    await t.db.insert(nonNegotiables).values({ userId: person.userId, factBits: 5n, refusedBits: 8n });
    await t.db
      .update(profiles)
      .set({ status: "active", verified: true, chatComplete: true, picturesUploaded: true, zipCode: "10001", age: 30 })
      .where(eq(profiles.userId, person.userId));
    const [row] = await t.db.select().from(matchPoints).where(eq(matchPoints.userId, person.userId));
    expect([row?.factBits, row?.refusedBits]).toEqual([5n, 8n]);
    await t.db.update(nonNegotiables).set({ refusedBits: 16n }).where(eq(nonNegotiables.userId, person.userId));
    const [after] = await t.db.select().from(matchPoints).where(eq(matchPoints.userId, person.userId));
    expect(after?.refusedBits).toBe(16n);
  });
});
