import { MESSAGES } from "@sams-web/domain/shared/messages";
import { afterAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "../../../src/db/schema.ts";
import { postgresRateLimitStore } from "../../../src/platform/rate-limit/postgres-store.ts";
import { createTestApp, createTestDatabase, signUp } from "../../support/helpers.ts";

const database = await createTestDatabase();
afterAll(() => database.drop());

/** One hit through the store, as @fastify/rate-limit counts it. */
function hit(store: CountingStore, key: string, windowMs = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs),
  );
}

/** The store's incr as @fastify/rate-limit calls it: with the limit's window (its typings leave it out). */
interface CountingStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    windowMs: number,
  ): void;
}

function storeOn(clock: () => number): CountingStore {
  const Store = postgresRateLimitStore(database.db, clock);
  return new Store({}).child({ routeInfo: {} } as never) as unknown as CountingStore;
}

describe("the PostgreSQL rate-limit store", () => {
  it("counts concurrent hits on one key exactly, one each", async () => {
    const store = storeOn(Date.now);
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(store, "concurrent")));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("starts a window with a key's first hit and a new one once it has passed", async () => {
    let now = Date.UTC(2030, 0, 1, 12);
    const store = storeOn(() => now);
    expect(await hit(store, "window")).toEqual({ current: 1, ttl: 60_000 });
    now += 59_000;
    expect(await hit(store, "window")).toEqual({ current: 2, ttl: 1_000 });
    now += 1_000;
    expect(await hit(store, "window")).toEqual({ current: 1, ttl: 60_000 });
  });

  it("keeps no address, email or id: keys are stored as hashes", async () => {
    await hit(storeOn(Date.now), "limit:auth-account:minute:someone@example.com");
    const keys = (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(keys.join(" ")).not.toContain("example.com");
  });
});

describe("a limit holds across instances on one database", async () => {
  const env = { AUTH_RATE_LIMIT_PER_IP: "3", CHAT_MESSAGES_PER_MINUTE: "2", CHAT_IP_MESSAGES_PER_MINUTE: "50" };
  const first = await createTestApp(env, [], undefined, { database });
  const second = await createTestApp(env, [], undefined, { database });

  it("the auth limit per address counts requests to either instance", async () => {
    const verify = (app: typeof first.app) =>
      app.inject({
        method: "POST",
        url: "/api/accounts/verify-email",
        remoteAddress: "203.0.113.7",
        payload: { oobCode: "made-up" },
      });
    const statuses = [];
    for (const app of [first.app, second.app, first.app, second.app]) statuses.push((await verify(app)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const limited = await verify(first.app);
    expect(limited.json()).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", code: "tooManyAttempts", message: MESSAGES.tooManyAttempts },
    });
  });

  it("a route's own limit (config.rateLimit) counts requests to either instance", async () => {
    // POST /api/privacy-requests allows 20 a minute per address; the limit is checked before the body.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const response = await app.inject({
        method: "POST",
        url: "/api/privacy-requests",
        remoteAddress: "203.0.113.8",
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("the chat's per-person rate counts messages sent to either instance", async () => {
    const person = await signUp(first.app);
    const send = (app: typeof first.app) =>
      app.inject({
        method: "POST",
        url: "/api/call/callSamApi",
        headers: { cookie: person.cookie },
        payload: { data: { userMessage: "I love hiking in the mountains with friends" } },
      });
    expect((await send(first.app)).statusCode).toBe(200);
    expect((await send(second.app)).statusCode).toBe(200);
    const third = await send(first.app);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", code: "chatRateLimited", message: MESSAGES.chatRateLimited },
    });
  });
});
