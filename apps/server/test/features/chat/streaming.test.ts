import { CALLABLE_STREAM_TYPE, type CallableStreamLine } from "@sams-web/domain/api/callables";
import type { CallSamApiOutput, CurrentConversationResponse } from "@sams-web/domain/chat/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { profiles } from "../../../src/db/schema.ts";
import { resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

// Sam's reply streamed as the model writes it, over real HTTP (inject would only show the whole
// answer): the first words arrive while the model is still writing, the stage moves only with the
// whole reply, and a failure halfway ends as Sam's 'tangled' reply with the stage unchanged.

const fake = await startFakeOpenAiServer();
const { app, db } = await createTestApp({
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-model",
  LLM_RETRY_BASE_MS: "5",
  CHAT_MESSAGES_PER_MINUTE: "1000",
  CHAT_IP_MESSAGES_PER_MINUTE: "1000",
});
const base = await app.listen({ port: 0, host: "127.0.0.1" });
afterAll(async () => {
  await fake.close();
});

const ORIGIN = "http://localhost:3000";
const ANSWER = "I love hiking in the mountains and cooking for my friends";
const REPLY = "How wonderful! What does a perfect weekend in the mountains look like for you?";

type Line = CallableStreamLine<CallSamApiOutput>;

/** Sends a message asking for a streamed answer; lines are read one at a time as they arrive. */
async function sendStreaming(cookie: string, signal?: AbortSignal) {
  const response = await fetch(`${base}/api/call/callSamApi`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/json", accept: CALLABLE_STREAM_TYPE },
    body: JSON.stringify({ data: { userMessage: ANSWER } }),
    signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const nextLine = async (): Promise<Line | null> => {
    for (;;) {
      const end = buffered.indexOf("\n");
      if (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        return JSON.parse(line) as Line;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffered += value;
    }
  };
  const rest = async (): Promise<Line[]> => {
    const lines: Line[] = [];
    for (let line = await nextLine(); line; line = await nextLine()) lines.push(line);
    return lines;
  };
  return { response, nextLine, rest };
}

async function stageOf(userId: string): Promise<string | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile?.conversationStage;
}

async function savedTexts(cookie: string): Promise<string[]> {
  const current = await app.inject({ method: "GET", url: "/api/conversations/current", headers: { cookie } });
  return (current.json() as CurrentConversationResponse).conversation?.messages.map((m) => m.text) ?? [];
}

const deltas = (lines: Line[]) => lines.flatMap((line) => ("delta" in line ? [line.delta] : []));

describe("Sam's reply streamed from a model", () => {
  it("sends the first words while the model is still writing, and moves the stage only with the whole reply", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = { message: REPLY, stage_complete: true, stage_complete_justification: "Covered." };
    // The model writes a few tokens, then waits: whatever arrives now arrived before it finished.
    fake.holdAfterTokens = 8;
    const { response, nextLine, rest } = await sendStreaming(person.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(CALLABLE_STREAM_TYPE);
    const first = await nextLine();
    expect(first).toEqual({ delta: expect.any(String) });
    expect(REPLY.startsWith((first as { delta: string }).delta)).toBe(true);
    // Nothing is decided or saved while the reply is being written.
    expect(await stageOf(person.userId)).toBe("rapport_building");
    expect(await savedTexts(person.cookie)).toEqual([]);

    fake.release();
    const lines = [first as Line, ...(await rest())];
    const last = lines.at(-1);
    expect(last).toEqual({
      result: expect.objectContaining({ message: REPLY, stage_complete: true, stage: "relationship_goals" }),
    });
    // Every line but the last is a piece of the text, and together they are the whole message.
    expect(lines.slice(0, -1).every((line) => "delta" in line)).toBe(true);
    expect(deltas(lines).join("")).toBe(REPLY);
    expect(deltas(lines).length).toBeGreaterThan(3);
    expect(await stageOf(person.userId)).toBe("relationship_goals");
    expect((await savedTexts(person.cookie)).slice(1, 3)).toEqual([ANSWER, REPLY]);
  });

  it("a model that fails halfway ends the stream with Sam's 'tangled' reply, saved, and the stage unchanged", async () => {
    const person = await signUp(app);
    resetFake(fake, ["cut"]);
    fake.reply = { message: REPLY, stage_complete: true, stage_complete_justification: "Covered." };
    fake.holdAfterTokens = 8;
    const { response, nextLine, rest } = await sendStreaming(person.cookie);
    expect(response.status).toBe(200);
    // Part of the draft was sent before the model failed; the result replaces it.
    const first = (await nextLine()) as Line;
    expect(first).toEqual({ delta: expect.any(String) });
    fake.release();
    const lines = [first, ...(await rest())];
    expect(REPLY.startsWith(deltas(lines).join(""))).toBe(true);
    expect(lines.at(-1)).toEqual({
      result: expect.objectContaining({
        message: MESSAGES.samTangled,
        stage_complete: false,
        stage: "rapport_building",
      }),
    });
    expect(fake.requests).toHaveLength(1);
    expect(await stageOf(person.userId)).toBe("rapport_building");
    expect((await savedTexts(person.cookie)).at(-1)).toBe(MESSAGES.samTangled);
  });

  it("a reply the schema refuses is streamed as far as it went, then replaced by the 'tangled' reply", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = { message: REPLY, stage_complete: "yes", stage_complete_justification: "Covered." };
    const { rest } = await sendStreaming(person.cookie);
    const lines = await rest();
    expect(deltas(lines).join("")).toBe(REPLY);
    expect(lines.at(-1)).toEqual({
      result: expect.objectContaining({ message: MESSAGES.samTangled, stage: "rapport_building" }),
    });
    expect(await stageOf(person.userId)).toBe("rapport_building");
  });

  it("a person who leaves mid-reply (a reload) finds the whole reply saved once the model is done", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = { message: REPLY, stage_complete: false, stage_complete_justification: "More to learn." };
    fake.holdAfterTokens = 8;
    const leaving = new AbortController();
    const { nextLine } = await sendStreaming(person.cookie, leaving.signal);
    expect(await nextLine()).toEqual({ delta: expect.any(String) });
    leaving.abort();
    fake.release();
    // The server finishes the reply on its own; the reloaded page hears of it and reads it.
    await expect.poll(() => savedTexts(person.cookie), { timeout: 10_000 }).toContain(REPLY);
    expect((await savedTexts(person.cookie)).filter((text) => text === REPLY)).toHaveLength(1);
  });

  it("answers with plain JSON to a caller that did not ask for a stream", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = { message: REPLY, stage_complete: false, stage_complete_justification: "More." };
    const response = await fetch(`${base}/api/call/callSamApi`, {
      method: "POST",
      headers: { cookie: person.cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ data: { userMessage: ANSWER } }),
    });
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(((await response.json()) as { result: CallSamApiOutput }).result.message).toBe(REPLY);
    expect(fake.requests[0]?.body.stream).not.toBe(true);
  });

  it("a refusal found before the reply (no session) is an ordinary error answer, not a stream", async () => {
    resetFake(fake, ["valid"]);
    const response = await fetch(`${base}/api/call/callSamApi`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", accept: CALLABLE_STREAM_TYPE },
      body: JSON.stringify({ data: { userMessage: ANSWER } }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(fake.requests).toHaveLength(0);
  });
});
