import { MESSAGES } from "@sams-web/domain/shared/messages";
import { afterAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "../../../src/db/schema.ts";
import { countHitsInOrder } from "../../../src/platform/rate-limit/mutations.ts";
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

describe("a request's several limits, counted in one statement", () => {
  const limits = (prefix: string, maxes: number[]) =>
    maxes.map((max, i) => ({ key: `${prefix}-${i}`, windowMs: 60_000, max }));

  it("counts each in order, and none after the first one over its max, as separate counts in turn would", async () => {
    const now = new Date();
    const rules = limits("in-order", [5, 1, 5]);
    expect((await countHitsInOrder(database.db, rules, now)).map((c) => c?.hits ?? null)).toEqual([1, 1, 1]);
    // The second limit is now over its max: it is counted (2), the third is not reached.
    expect((await countHitsInOrder(database.db, rules, now)).map((c) => c?.hits ?? null)).toEqual([2, 2, null]);
    expect((await countHitsInOrder(database.db, rules, now)).map((c) => c?.hits ?? null)).toEqual([3, 3, null]);
    // The third limit was only ever counted once.
    expect((await countHitsInOrder(database.db, rules.slice(2), now))[0]?.hits).toBe(2);
  });

  it("counts concurrent requests exactly, one each, on every limit they reach", async () => {
    const rules = limits("concurrent-many", [1000, 1000]);
    const results = await Promise.all(
      Array.from({ length: 25 }, () => countHitsInOrder(database.db, rules, new Date())),
    );
    for (const position of [0, 1]) {
      expect(results.map((r) => r[position]?.hits).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    }
  });

  it("starts a new window for a limit whose window has ended", async () => {
    const start = Date.UTC(2030, 5, 1, 12);
    const rules = limits("windows", [10]);
    await countHitsInOrder(database.db, rules, new Date(start));
    expect((await countHitsInOrder(database.db, rules, new Date(start + 30_000)))[0]?.hits).toBe(2);
    const next = await countHitsInOrder(database.db, rules, new Date(start + 60_000));
    expect(next[0]).toEqual({ hits: 1, resetsAt: new Date(start + 120_000) });
  });
});

describe("a limit holds across instances on one database", async () => {
  const env = { AUTH_RATE_LIMIT_PER_IP: "3", CHAT_MESSAGES_PER_MINUTE: "2", CHAT_IP_MESSAGES_PER_MINUTE: "50" };
  // Both instances measure windows by one clock that stands still: a slow machine cannot end a
  // window between the requests a test counts.
  const now = Date.now();
  const build = { rateLimitClock: () => now };
  const first = await createTestApp(env, [], undefined, { database, build });
  const second = await createTestApp(env, [], undefined, { database, build });

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
