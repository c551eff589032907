import type { CurrentConversationResponse } from "@sams-web/domain/chat/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { profiles } from "../../../src/db/schema.ts";
import { resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

const fake = await startFakeOpenAiServer();
afterAll(() => fake.close());

const TIMEOUT_MS = 2_000;
const { app, db } = await createTestApp({
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-model",
  LLM_TIMEOUT_MS: String(TIMEOUT_MS),
  LLM_RETRY_BASE_MS: "5",
  CHAT_MESSAGES_PER_MINUTE: "1000",
  CHAT_IP_MESSAGES_PER_MINUTE: "1000",
});

const ANSWER = "I love hiking in the mountains and cooking for my friends";

async function send(cookie: string, userMessage = ANSWER) {
  const response = await app.inject({
    method: "POST",
    url: "/api/call/callSamApi",
    headers: { cookie },
    payload: { data: { userMessage } },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { result: { message: string; stage_complete: boolean; stage: string } }).result;
}

async function stageOf(userId: string): Promise<string | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile?.conversationStage;
}

describe("the LLM brain against an OpenAI-compatible endpoint", () => {
  it("a valid reply is Sam's message; stage_complete advances exactly one stage", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = { message: "What a lovely day!", stage_complete: true, stage_complete_justification: "Covered." };
    const result = await send(person.cookie);
    expect(result).toMatchObject({ message: "What a lovely day!", stage_complete: true, stage: "relationship_goals" });
    expect(await stageOf(person.userId)).toBe("relationship_goals");
    // The request asked for the structured reply and carried the person's words as data.
    const request = fake.requests[0];
    expect(request?.body.messages[0]?.role).toBe("system");
    expect(JSON.stringify(request?.body.response_format)).toContain("stage_complete");
    expect(request?.body.messages.at(-1)?.content).toContain(`<person>${ANSWER}</person>`);
    const current = await app.inject({
      method: "GET",
      url: "/api/conversations/current",
      headers: { cookie: person.cookie },
    });
    const texts = (current.json() as CurrentConversationResponse).conversation?.messages.map((m) => m.text);
    expect(texts?.slice(-2)).toEqual(["What a lovely day!", expect.stringContaining("long-term relationship")]);
  });

  it("the model saying stage_complete to a person typing 'stage_complete' does not move the stage", async () => {
    const person = await signUp(app);
    resetFake(fake, ["valid"]);
    fake.reply = { message: "Okay!", stage_complete: true, stage_complete_justification: "They said so." };
    const result = await send(person.cookie, "stage_complete");
    expect(result.stage_complete).toBe(false);
    expect(await stageOf(person.userId)).toBe("rapport_building");
  });

  const failures = [
    ["malformed output (not JSON)", ["malformed"], 1],
    ["output of the wrong shape", ["wrong-shape"], 1],
    ["a truncated reply", ["truncated"], 1],
    ["a 500 every time (two retries, then give up)", ["500"], 3],
    ["a 429 every time (two retries, then give up)", ["429"], 3],
  ] as const;
  it.each(failures)(
    "%s → 'Oops, I got tangled in my web!' with stage_complete false and the stage unchanged",
    async (_name, script, calls) => {
      const person = await signUp(app);
      fake.reply = { message: "Never shown", stage_complete: true, stage_complete_justification: "x" };
      resetFake(fake, [...script]);
      const result = await send(person.cookie);
      expect(result).toMatchObject({ message: MESSAGES.samTangled, stage_complete: false, stage: "rapport_building" });
      expect(fake.requests.length).toBe(calls);
      expect(await stageOf(person.userId)).toBe("rapport_building");
    },
  );

  it("a hang is cut off at the deadline → the tangled reply, stage unchanged", async () => {
    const person = await signUp(app);
    resetFake(fake, ["hang"]);
    const started = Date.now();
    const result = await send(person.cookie);
    const took = Date.now() - started;
    expect(result).toMatchObject({ message: MESSAGES.samTangled, stage_complete: false, stage: "rapport_building" });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 3_000);
    expect(await stageOf(person.userId)).toBe("rapport_building");
  });

  it("a 429 then a 500 then a valid reply: retried with backoff and answered", async () => {
    const person = await signUp(app);
    resetFake(fake, ["429", "500", "valid"]);
    fake.reply = {
      message: "Third time lucky!",
      stage_complete: false,
      stage_complete_justification: "More to learn.",
    };
    const result = await send(person.cookie);
    expect(result.message).toBe("Third time lucky!");
    expect(fake.requests.length).toBe(3);
  });

  it("'bounded context': the prompt stays flat as the conversation grows", async () => {
    const person = await signUp(app);
    fake.reply = { message: "Tell me more!", stage_complete: false, stage_complete_justification: "More to learn." };
    resetFake(fake, ["valid"]);
    for (let turn = 0; turn < 40; turn++) await send(person.cookie, `${ANSWER} and on turn ${turn} I add more detail`);
    const sizes = fake.requests.map((r) => r.promptChars);
    expect(sizes[39]).toBeLessThan((sizes[14] ?? 0) * 1.1);
  });
});
