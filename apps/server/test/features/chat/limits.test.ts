import { MESSAGES } from "@sams-web/domain/shared/messages";
import { afterAll, describe, expect, it } from "vitest";
import { ReplyLock } from "../../../src/features/chat/limits.ts";
import { resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

describe("chat limits: 'answered with RESOURCE_EXHAUSTED and a clear message'", () => {
  it("one reply in flight per person", () => {
    const limiter = new ReplyLock();
    const release = limiter.acquire("u1", "1.1.1.1");
    expect(() => limiter.acquire("u1", "1.1.1.1")).toThrow(MESSAGES.chatReplyInFlight);
    release();
    expect(() => limiter.acquire("u1", "1.1.1.1")()).not.toThrow();
  });
});

describe("chat limits: 'answered with RESOURCE_EXHAUSTED and a clear message', on a clock the test moves", async () => {
  // The rates are counted in the database, on this clock; each test uses people and addresses of its own.
  let now = Date.now();
  const { app } = await createTestApp(
    {
      CHAT_MESSAGES_PER_MINUTE: "3",
      CHAT_MESSAGES_PER_DAY: "5",
      CHAT_IP_MESSAGES_PER_MINUTE: "4",
      CHAT_IP_MESSAGES_PER_DAY: "100",
    },
    [],
    undefined,
    { build: { rateLimitClock: () => now } },
  );
  const send = async (person: { cookie: string }, ip: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/call/callSamApi",
      headers: { cookie: person.cookie },
      remoteAddress: ip,
      payload: { data: { userMessage: "I love hiking in the mountains with friends" } },
    });
    return { status: response.statusCode, message: response.json().error?.message as string | undefined };
  };

  it("a per-minute rate per person, which frees up after a minute", async () => {
    const u1 = await signUp(app);
    for (let i = 0; i < 3; i++) expect((await send(u1, "1.1.1.1")).status).toBe(200);
    expect((await send(u1, "1.1.1.1")).message).toBe(MESSAGES.chatRateLimited);
    now += 60_001;
    expect((await send(u1, "1.1.1.1")).status).toBe(200);
  });

  it("a per-minute rate per IP across people", async () => {
    const [a, b, c, d, e] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    for (const person of [a, b, c, d]) expect((await send(person, "2.2.2.2")).status).toBe(200);
    expect((await send(e, "2.2.2.2")).message).toBe(MESSAGES.chatRateLimited);
    expect((await send(e, "3.3.3.3")).status).toBe(200);
  });

  it("a daily budget per person, renewed the next day", async () => {
    now = Date.UTC(2026, 0, 1, 1);
    const u1 = await signUp(app);
    for (let i = 0; i < 5; i++) {
      expect((await send(u1, "4.4.4.4")).status).toBe(200);
      now += 61_000;
    }
    expect((await send(u1, "4.4.4.4")).message).toBe(MESSAGES.chatDailyLimit);
    now = Date.UTC(2026, 0, 2, 1);
    expect((await send(u1, "4.4.4.4")).status).toBe(200);
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
    expect(third.json()).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", code: "chatRateLimited", message: MESSAGES.chatRateLimited },
    });
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
    expect(second.json()).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", code: "chatReplyInFlight", message: MESSAGES.chatReplyInFlight },
    });
    expect((await first).statusCode).toBe(200);
    // Once the first reply is over, the person may send again.
    resetFake(fake, ["valid"]);
    expect((await send()).statusCode).toBe(200);
  });
});
