import { MESSAGES } from "@sams-web/domain/shared/messages";
import { afterAll, describe, expect, it } from "vitest";
import { resetFake, startFakeOpenAiServer } from "../../../test/fake-openai-server.ts";
import { createTestApp, signUp } from "../../../test/helpers.ts";
import { ChatLimiter } from "./limits.ts";

const limits = { perMinute: 3, perDay: 5, ipPerMinute: 4, ipPerDay: 100 };

describe("chat limits: 'answered with RESOURCE_EXHAUSTED and a clear message'", () => {
  it("one reply in flight per person", () => {
    const limiter = new ChatLimiter(limits);
    const release = limiter.acquire("u1", "1.1.1.1");
    expect(() => limiter.acquire("u1", "1.1.1.1")).toThrow(MESSAGES.chatReplyInFlight);
    release();
    expect(() => limiter.acquire("u1", "1.1.1.1")()).not.toThrow();
  });

  it("a per-minute rate per person, which frees up after a minute", () => {
    let now = 0;
    const limiter = new ChatLimiter(limits, () => now);
    for (let i = 0; i < 3; i++) limiter.acquire("u1", "1.1.1.1")();
    expect(() => limiter.acquire("u1", "1.1.1.1")).toThrow(MESSAGES.chatRateLimited);
    now += 60_001;
    expect(() => limiter.acquire("u1", "1.1.1.1")()).not.toThrow();
  });

  it("a per-minute rate per IP across people", () => {
    const limiter = new ChatLimiter(limits, () => 0);
    for (const person of ["a", "b", "c", "d"]) limiter.acquire(person, "2.2.2.2")();
    expect(() => limiter.acquire("e", "2.2.2.2")).toThrow(MESSAGES.chatRateLimited);
    expect(() => limiter.acquire("e", "3.3.3.3")()).not.toThrow();
  });

  it("a daily budget per person, renewed the next day", () => {
    let now = Date.UTC(2026, 0, 1, 1);
    const limiter = new ChatLimiter(limits, () => now);
    for (let i = 0; i < 5; i++) {
      limiter.acquire("u1", "1.1.1.1")();
      now += 61_000;
    }
    expect(() => limiter.acquire("u1", "1.1.1.1")).toThrow(MESSAGES.chatDailyLimit);
    now = Date.UTC(2026, 0, 2, 1);
    expect(() => limiter.acquire("u1", "1.1.1.1")()).not.toThrow();
  });
});

describe("callSamApi holds the limits", async () => {
  const { app } = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: "2", CHAT_IP_MESSAGES_PER_MINUTE: "50" });
  const send = (headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/call/callSamApi",
      headers,
      payload: { data: { userMessage: "I love hiking in the mountains with friends" } },
    });

  it("a signed-in person's third message in a minute is RESOURCE_EXHAUSTED; another person is unaffected", async () => {
    const person = await signUp(app);
    expect((await send({ cookie: person.cookie })).statusCode).toBe(200);
    expect((await send({ cookie: person.cookie })).statusCode).toBe(200);
    const third = await send({ cookie: person.cookie });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: { status: "RESOURCE_EXHAUSTED", message: MESSAGES.chatRateLimited } });
    const other = await signUp(app);
    expect((await send({ cookie: other.cookie })).statusCode).toBe(200);
  });
});

describe("'one reply in flight per user'", async () => {
  // A model that takes its time (it never answers; the deadline ends the first reply).
  const fake = await startFakeOpenAiServer();
  afterAll(() => fake.close());
  resetFake(fake, ["hang"]);
  const { app } = await createTestApp({
    LLM_BASE_URL: fake.baseUrl,
    LLM_MODEL: "fake-model",
    LLM_TIMEOUT_MS: "1500",
    CHAT_MESSAGES_PER_MINUTE: "100",
  });

  it("a second message while Sam is still answering the first is RESOURCE_EXHAUSTED", async () => {
    const person = await signUp(app);
    const send = () =>
      app.inject({
        method: "POST",
        url: "/api/call/callSamApi",
        headers: { cookie: person.cookie },
        payload: { data: { userMessage: "I love hiking in the mountains with friends" } },
      });
    const first = send();
    await expect.poll(() => fake.requests.length).toBe(1);
    const second = await send();
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ error: { status: "RESOURCE_EXHAUSTED", message: MESSAGES.chatReplyInFlight } });
    expect((await first).statusCode).toBe(200);
    // Once the first reply is over, the person may send again.
    resetFake(fake, ["valid"]);
    expect((await send()).statusCode).toBe(200);
  });
});
