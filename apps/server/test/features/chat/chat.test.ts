import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import type {
  ChatMessage,
  CurrentConversationResponse,
  ImportConversationResponse,
} from "@sams-web/domain/chat/contracts";
import { callSamApiOutputSchema } from "@sams-web/domain/chat/schemas";
import { TRANSITION_MESSAGES, transitionMessage } from "@sams-web/domain/chat/stage-transitions";
import { OPENING_MESSAGE, STAGES, type Stage } from "@sams-web/domain/chat/stages";
import type { ReadingReply } from "@sams-web/domain/non-negotiables/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { matches, messages, profiles } from "../../../src/db/schema.ts";
import { createTestApp, dealbreakersNext, signUp, solveBotcheck } from "../../support/helpers.ts";

const { app, db, bus } = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: "1000", CHAT_IP_MESSAGES_PER_MINUTE: "1000" });

const ANSWERS = [
  "I love hiking in the mountains and cooking dinner for friends",
  "Weekends are for reading novels and long walks with my dog",
  "I hope to build a family and share a home with someone kind",
  "Honesty, loyalty and patience are what my friends always mention",
];

type Reply = {
  message: string;
  stage_complete: boolean;
  stage_complete_justification: string;
  stage: string;
  signature?: string;
  reading?: ReadingReply;
};

async function callSam(
  target: FastifyInstance,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; result?: Reply; error?: { status: string; message: string } }> {
  // A guest (no session cookie) passes the bot check, as the browser does for each message.
  const withCheck = headers.cookie ? headers : { ...headers, "x-botcheck": await solveBotcheck(target) };
  const response = await target.inject({
    method: "POST",
    url: "/api/call/callSamApi",
    headers: withCheck,
    payload: { data },
  });
  const body = response.json() as { result?: Reply; error?: { status: string; message: string } };
  // Every answer has the contract's shape (message, stage_complete, stage_complete_justification).
  if (body.result) callSamApiOutputSchema.parse(body.result);
  return { status: response.statusCode, ...body };
}

async function current(cookie: string): Promise<CurrentConversationResponse> {
  const response = await app.inject({ method: "GET", url: "/api/conversations/current", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as CurrentConversationResponse;
}

function collect(userId: string): RealtimeEvent[] {
  const seen: RealtimeEvent[] = [];
  bus.subscribe(userId, (event) => seen.push(event));
  return seen;
}

describe("signed in: 'the chat advances in this order' with the scripted brain", () => {
  it("walks a full interview to complete; chatComplete becomes true; every message saved with its timestamp", async () => {
    const person = await signUp(app);
    const events = collect(person.userId);
    const stagesSeen: Stage[] = [];
    let turn = 0;
    let last: Reply | undefined;
    for (let guard = 0; guard < 60; guard++) {
      // At the dealbreakers stage the quick questions are skipped and Sam's read-back confirmed.
      const next = last ? dealbreakersNext(last) : null;
      const { result } = await callSam(app, next ?? { userMessage: ANSWERS[turn++ % ANSWERS.length] }, {
        cookie: person.cookie,
      });
      expect(result?.message.length).toBeGreaterThan(0);
      if (result?.stage_complete) {
        expect(result.stage_complete_justification).toMatch(/substantive answers|confirmed Sam's reading/);
        stagesSeen.push(result.stage as Stage);
      }
      last = result;
      if (result?.stage === "complete") break;
    }
    expect(stagesSeen).toEqual(STAGES.slice(1));
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.chatComplete).toBe(true);
    expect(profile?.conversationStage).toBe("complete");

    const { conversation, stage } = await current(person.cookie);
    expect(stage).toBe("complete");
    expect(conversation?.id).toBe(profile?.lastConversationId);
    expect(conversation?.messages[0]).toMatchObject({ sender: "bot", text: OPENING_MESSAGE });
    for (const m of conversation?.messages ?? []) {
      expect(m.text.trim().length).toBeGreaterThan(0);
      expect(m.timestamp).toBeGreaterThan(Date.now() - 600_000);
    }
    // One message from Sam per turn: a completed stage's reply is the next stage's transition,
    // confirming the dealbreakers' read-back included.
    const senders = (conversation?.messages ?? []).map((m) => m.sender);
    expect(senders.every((sender, i) => sender === (i % 2 === 0 ? "bot" : "user"))).toBe(true);
    // 'Sam then posts a transition message for the new stage', once per stage, in order.
    const transitions = (conversation?.messages ?? []).filter((m) =>
      Object.values(TRANSITION_MESSAGES).includes(m.text),
    );
    expect(transitions.map((m) => m.text)).toEqual(STAGES.slice(1).map((s) => transitionMessage(s)));
    expect(events.filter((e) => e.topic === "conversation").length).toBeGreaterThan(10);
    expect(events.some((e) => e.topic === "profile")).toBe(true);
  });

  it("'a stage never moves more than one step per reply' and a person typing 'stage_complete' cannot move it", async () => {
    const person = await signUp(app);
    for (const text of ["stage_complete", "stage_complete stage_complete stage_complete stage_complete", "ok"]) {
      const { result } = await callSam(app, { userMessage: text }, { cookie: person.cookie });
      expect(result?.stage_complete).toBe(false);
      expect(result?.stage).toBe("rapport_building");
    }
  });

  it("'for signed-in users a client-sent history or stage is ignored'", async () => {
    const person = await signUp(app);
    const forgedHistory: ChatMessage[] = STAGES.slice(1).flatMap((s) => [
      { sender: "user" as const, text: ANSWERS[0] as string, timestamp: 1 },
      { sender: "bot" as const, text: transitionMessage(s) as string, timestamp: 2 },
    ]);
    const { result } = await callSam(
      app,
      { userMessage: ANSWERS[0], effectiveStage: "past_relationships", conversationHistory: forgedHistory },
      { cookie: person.cookie },
    );
    expect(result?.stage).toBe("rapport_building");
    expect(result?.stage_complete).toBe(false);
    const { conversation } = await current(person.cookie);
    expect(conversation?.messages.map((m) => m.sender)).toEqual(["bot", "user", "bot"]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.conversationStage).toBe("rapport_building");
    expect(profile?.chatComplete).toBe(false);
  });

  it("'empty or whitespace messages are not sent': the server refuses them", async () => {
    const person = await signUp(app);
    const { status, error } = await callSam(app, { userMessage: "   \n " }, { cookie: person.cookie });
    expect(status).toBe(400);
    expect(error).toEqual({ status: "INVALID_ARGUMENT", code: "chatMessageEmpty", message: MESSAGES.chatMessageEmpty });
  });

  it("refuses a message over 2,000 characters", async () => {
    const { status, error } = await callSam(app, { userMessage: "a".repeat(2001) });
    expect(status).toBe(400);
    expect(error?.message).toBe(MESSAGES.chatMessageTooLong);
  });
});

describe("another user cannot read your conversation", () => {
  it("GET /api/conversations/current answers only the asker's own conversation", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    await callSam(app, { userMessage: "My secret hobby is collecting antique clocks" }, { cookie: alice.cookie });
    const bobs = await current(bob.cookie);
    expect(bobs.conversation).toBeNull();
    expect(JSON.stringify(bobs)).not.toContain("antique");
    const guest = await app.inject({ method: "GET", url: "/api/conversations/current" });
    expect(guest.statusCode).toBe(401);
  });
});

describe("guests: 'a bounded history and a stage that must be legal'", () => {
  it("a guest without a solved bot check is refused and nothing is answered", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/call/callSamApi",
      payload: { data: { userMessage: "I love hiking in the mountains" } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { status: "PERMISSION_DENIED", code: "securityCheckFailed", message: MESSAGES.securityCheckFailed },
    });
  });

  it("a bot-check answer works once: replaying it is refused", async () => {
    const token = await solveBotcheck(app);
    const send = () =>
      app.inject({
        method: "POST",
        url: "/api/call/callSamApi",
        headers: { "x-botcheck": token },
        payload: { data: { userMessage: "I love hiking in the mountains" } },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(403);
  });

  it("a guest walks the whole interview with the history kept in the browser", async () => {
    const history: ChatMessage[] = [{ sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() }];
    let stage: string = "rapport_building";
    let turn = 0;
    let last: Reply | undefined;
    for (let guard = 0; guard < 60 && stage !== "complete"; guard++) {
      const next = last ? dealbreakersNext(last) : null;
      const userMessage = next?.userMessage ?? (ANSWERS[turn++ % ANSWERS.length] as string);
      const { result } = await callSam(app, {
        userMessage,
        conversationHistory: history,
        effectiveStage: stage,
        ...(next ? { nonNegotiables: next.nonNegotiables } : {}),
      });
      if (!result) throw new Error("no reply");
      last = result;
      history.push({ sender: "user", text: userMessage, timestamp: Date.now() });
      history.push({ sender: "bot", text: result.message, timestamp: Date.now() });
      if (result.stage !== stage) {
        expect(result.stage_complete).toBe(true);
        history.push({
          sender: "bot",
          text: transitionMessage(result.stage as Stage) as string,
          timestamp: Date.now(),
        });
      }
      stage = result.stage;
    }
    expect(stage).toBe("complete");
  });

  it("a guest claiming a later stage than its history shows is held to the history", async () => {
    const { result } = await callSam(app, {
      userMessage: ANSWERS[0],
      conversationHistory: [],
      effectiveStage: "past_relationships",
    });
    expect(result?.stage).toBe("rapport_building");
    expect(result?.stage_complete).toBe(false);
  });

  it("refuses an illegal stage and an unbounded history", async () => {
    const bad = await callSam(app, { userMessage: ANSWERS[0], effectiveStage: "small_talk" });
    expect(bad.status).toBe(400);
    const long = Array.from({ length: 401 }, () => ({ sender: "user", text: "hello", timestamp: 1 }));
    const tooLong = await callSam(app, { userMessage: ANSWERS[0], conversationHistory: long });
    expect(tooLong.error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "chatHistoryTooLong",
      message: MESSAGES.chatHistoryTooLong,
    });
    const bigMessage = await callSam(app, {
      userMessage: ANSWERS[0],
      conversationHistory: [{ sender: "user", text: "x".repeat(2001), timestamp: 1 }],
    });
    expect(bigMessage.error?.message).toBe(MESSAGES.chatMessageTooLong);
  });

  it("a guest cannot use follow-up mode", async () => {
    const { status, error } = await callSam(app, { userMessage: ANSWERS[0], followupQuestion: "Do you like cats?" });
    expect(status).toBe(401);
    expect(error?.message).toBe(MESSAGES.followupNeedsAccount);
  });
});

describe("'the guest conversation transfers to the account on sign-up or log-in'", () => {
  /** A real guest interview through callSamApi, as the browser keeps it, until `stagesDone` stages are done. */
  async function guestInterview(stagesDone: number): Promise<ChatMessage[]> {
    const out: ChatMessage[] = [{ sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() - 10_000 }];
    let stage: Stage = "rapport_building";
    for (let turn = 0; stage !== STAGES[stagesDone]; turn++) {
      const userMessage = ANSWERS[turn % ANSWERS.length] as string;
      const { result } = await callSam(app, { userMessage, conversationHistory: out, effectiveStage: stage });
      if (!result || turn > 60) throw new Error("the guest interview did not advance");
      out.push({ sender: "user", text: userMessage, timestamp: Date.now() - 5_000 });
      out.push({ sender: "bot", text: result.message, timestamp: Date.now() - 4_000, signature: result.signature });
      if (result.stage !== stage) {
        const transition = transitionMessage(result.stage as Stage) as string;
        out.push({ sender: "bot", text: transition, timestamp: Date.now() - 3_000 });
      }
      stage = result.stage as Stage;
    }
    return out;
  }

  async function importAs(cookie: string, conversation: unknown) {
    return app.inject({
      method: "POST",
      url: "/api/conversations/import",
      headers: { cookie },
      payload: { conversation },
    });
  }

  it("moves the whole conversation and its stage into the account", async () => {
    const person = await signUp(app);
    const history = await guestInterview(3);
    const response = await importAs(person.cookie, { id: "1", messages: history, stage: "partner_preferences" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ImportConversationResponse;
    expect(body.imported).toBe(true);
    const { conversation, stage } = await current(person.cookie);
    expect(stage).toBe("partner_preferences");
    expect(conversation?.messages.map((m) => m.text)).toEqual(history.map((m) => m.text));
    // The next reply carries on from there, with the server's own copy.
    const { result } = await callSam(app, { userMessage: ANSWERS[1] }, { cookie: person.cookie });
    expect(result?.stage).toBe("partner_preferences");
  });

  it("a forged stage is held to what the history shows; a future timestamp is clamped", async () => {
    const person = await signUp(app);
    const history = await guestInterview(1);
    history.push({ sender: "user", text: ANSWERS[1] as string, timestamp: Date.now() + 86_400_000 });
    const response = await importAs(person.cookie, { messages: history, stage: "complete" });
    expect(response.statusCode).toBe(200);
    const { stage, conversation } = await current(person.cookie);
    expect(stage).toBe("relationship_goals");
    expect(Math.max(...(conversation?.messages.map((m) => m.timestamp) ?? []))).toBeLessThanOrEqual(Date.now());
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.chatComplete).toBe(false);
  });

  it("an account that already has its own interview keeps it", async () => {
    const person = await signUp(app);
    await callSam(app, { userMessage: ANSWERS[0] }, { cookie: person.cookie });
    const response = await importAs(person.cookie, { messages: await guestInterview(2), stage: "best_qualities" });
    expect((response.json() as ImportConversationResponse).imported).toBe(false);
    expect((await current(person.cookie)).stage).toBe("rapport_building");
  });

  it("needs a signed-in person and a valid body", async () => {
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/conversations/import",
      payload: { conversation: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    const person = await signUp(app);
    const bad = await importAs(person.cookie, {
      messages: [{ sender: "admin", text: "x", timestamp: 1 }],
      stage: "complete",
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("follow-up mode: 'when the reply says the answer is complete, that question is removed from the match's list'", () => {
  it("answers a queued question of one's own match, removes it and publishes 'matches'", async () => {
    const person = await signUp(app);
    const other = await signUp(app);
    await db.insert(matches).values({
      userId: person.userId,
      candidateId: other.userId,
      status: "followupsQueued",
      score: 80,
      followupQuestions: ["Would you move for the right person?", "Do you want children?"],
    });
    const events = collect(person.userId);
    const vague = await callSam(
      app,
      { userMessage: "maybe", followupQuestion: "Do you want children?" },
      { cookie: person.cookie },
    );
    expect(vague.result?.stage_complete).toBe(false);
    const full = await callSam(
      app,
      {
        userMessage: "Yes, I would love two children someday with a partner",
        followupQuestion: "Do you want children?",
      },
      { cookie: person.cookie },
    );
    expect(full.result?.stage_complete).toBe(true);
    const [row] = await db.select().from(matches).where(eq(matches.userId, person.userId));
    expect(row?.followupQuestions).toEqual(["Would you move for the right person?"]);
    expect(events.some((e) => e.topic === "matches")).toBe(true);
    const saved = await db.select().from(messages).where(eq(messages.userId, person.userId));
    expect(saved.map((m) => m.stage)).toContain("followupsQueued");
    // Sam's question is saved once, before the first answer to it, so a reload shows what was asked.
    expect(saved.filter((m) => m.sender === "bot" && m.text === "Do you want children?")).toHaveLength(1);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.conversationStage).toBe("followupsQueued");
  });

  it("'the question must be one of this user's queued followup questions', else INVALID_ARGUMENT", async () => {
    const owner = await signUp(app);
    const candidate = await signUp(app);
    const intruder = await signUp(app);
    await db.insert(matches).values({
      userId: owner.userId,
      candidateId: candidate.userId,
      status: "followupsQueued",
      score: 70,
      followupQuestions: ["Do you like hiking?"],
    });
    const theirs = await callSam(
      app,
      { userMessage: ANSWERS[0], followupQuestion: "Do you like hiking?" },
      { cookie: intruder.cookie },
    );
    expect(theirs.error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "followupNotQueued",
      message: MESSAGES.followupNotQueued,
    });
    const unknown = await callSam(
      app,
      { userMessage: ANSWERS[0], followupQuestion: "Made up?" },
      { cookie: owner.cookie },
    );
    expect(unknown.status).toBe(400);
    const [row] = await db.select().from(matches).where(eq(matches.userId, owner.userId));
    expect(row?.followupQuestions).toEqual(["Do you like hiking?"]);
  });
});
