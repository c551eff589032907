import type { ChatMessage, ImportConversationResponse } from "@sams-web/domain/chat/contracts";
import { transitionMessage } from "@sams-web/domain/chat/stage-transitions";
import { OPENING_MESSAGE, STAGES, type Stage } from "@sams-web/domain/chat/stages";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, profiles } from "../../../src/db/schema.ts";
import { createTestApp, signUp, solveBotcheck } from "../../support/helpers.ts";

const t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: "1000", CHAT_IP_MESSAGES_PER_MINUTE: "1000" });

const ANSWERS = [
  "I love hiking in the mountains and cooking dinner for friends",
  "Weekends are for reading novels and long walks with my dog",
  "I hope to build a family and share a home with someone kind",
  "Honesty, loyalty and patience are what my friends always mention",
];

type Reply = { message: string; stage: Stage; signature?: string };

/** One guest message through callSamApi, exactly as the browser's guest chat sends and keeps it. */
async function guestTurn(history: ChatMessage[], stage: Stage, userMessage: string): Promise<Stage> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/call/callSamApi",
    headers: { "x-botcheck": await solveBotcheck(t.app) },
    payload: { data: { userMessage, conversationHistory: history, effectiveStage: stage } },
  });
  const reply = (response.json() as { result: Reply }).result;
  history.push({ sender: "user", text: userMessage, timestamp: Date.now() });
  history.push({ sender: "bot", text: reply.message, timestamp: Date.now(), signature: reply.signature });
  if (reply.stage !== stage) {
    history.push({ sender: "bot", text: transitionMessage(reply.stage) as string, timestamp: Date.now() });
  }
  return reply.stage;
}

/** A real guest interview, walked until `target`. */
async function guestInterview(target: Stage): Promise<ChatMessage[]> {
  const history: ChatMessage[] = [{ sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() }];
  let stage: Stage = "rapport_building";
  for (let turn = 0; stage !== target; turn++) {
    if (turn > 60) throw new Error("the interview did not advance");
    stage = await guestTurn(history, stage, ANSWERS[turn % ANSWERS.length] as string);
  }
  return history;
}

async function importAs(cookie: string, conversation: { messages: ChatMessage[]; stage: Stage }) {
  return t.app.inject({
    method: "POST",
    url: "/api/conversations/import",
    headers: { cookie },
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
    const made: ChatMessage[] = [
      { sender: "bot", text: OPENING_MESSAGE, timestamp: Date.now() },
      { sender: "user", text: ANSWERS[0] as string, timestamp: Date.now() },
    ];
    let stage: Stage = "rapport_building";
    for (let turn = 1; stage === "rapport_building"; turn++) {
      if (turn > 10) throw new Error("the stage did not advance");
      stage = await guestTurn(made, stage, ANSWERS[turn % ANSWERS.length] as string);
    }
    const person = await signUp(t.app);
    const response = await importAs(person.cookie, {
      messages: made.filter((_, i) => i !== 1),
      stage: "relationship_goals",
    });
    expect(response.statusCode).toBe(400);
    expect(await savedMessages(person.userId)).toEqual([]);
  });
});
