import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { countHit, countHitsInOrder, readHits } from "./mutations.ts";
import { endedWindowsSweeper, postgresRateLimitStore, storedKey } from "./postgres-store.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * One limit of a request: at most `max` requests per window for each key. A "minute" window
 * starts with a key's first request; a "utc-day" window is the calendar day in UTC.
 */
export interface LimitRule {
  /** Names the counter; rules with the same name (and key) share it. */
  name: string;
  max: number;
  per: "minute" | "utc-day";
  /** Who is counted (an address, an account). Null: the rule does not apply to this request. */
  key(request: FastifyRequest): string | null | undefined | Promise<string | null | undefined>;
  /** What a request over the limit is refused with. */
  refusal(): Error;
}

/** Counts a request against its limits, in order; throws the first exceeded limit's refusal. */
export type LimitCheck = (request: FastifyRequest) => Promise<void>;

/**
 * Events counted per key over a window that starts with a key's first event (wrong passwords,
 * say), read before deciding and recorded after the outcome, unlike a limit, which counts every
 * request as it arrives. Kept with the limits, so they hold across instances too.
 */
export interface EventCounter {
  record(key: string): Promise<void>;
  count(key: string): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Several limits on one request, each with its own refusal, as a route hook
     * (`preHandler: app.limits([...])`) or called from a handler (callables). A route with one
     * limit and the default refusal uses `config: { rateLimit: {...} }` instead.
     */
    limits(rules: readonly LimitRule[]): LimitCheck;
    /** A counter of events named `name`, each key's count lasting `windowMs` from its first event. */
    eventCounter(name: string, windowMs: number): EventCounter;
  }
}

/**
 * Whom a route's own limit (config.rateLimit) counts: a signed-in person by their account, so
 * neither a junk cookie beside the session nor another address buys a fresh allowance; anyone
 * else by their address (request.ip, which believes X-Forwarded-For only from TRUST_PROXY).
 * Sessions are read once per request (the resolver caches), so the route pays nothing more.
 */
async function whoIsCounted(request: FastifyRequest): Promise<string> {
  const server = request.server;
  const user = server.hasDecorator("sessions") ? await server.sessions.optionalUser(request) : null;
  return user ? `user:${user.id}` : `address:${request.ip}`;
}

/**
 * @fastify/rate-limit for every limit of the server, counted in PostgreSQL so that a limit holds
 * across all instances on one database. `clock` is what windows are measured by.
 */
export const rateLimitPlugin = fp<{ clock?: () => number }>(
  async (app, { clock = Date.now }) => {
    const sweep = endedWindowsSweeper(app.db, clock);
    await app.register(rateLimit, {
      global: false,
      store: postgresRateLimitStore(app.db, clock, sweep),
      keyGenerator: whoIsCounted,
    });

    app.decorate("eventCounter", (name: string, windowMs: number): EventCounter => {
      const stored = (key: string) => storedKey(`count:${name}:${key}`);
      return {
        record: async (key) => {
          await countHit(app.db, { key: stored(key), windowMs, now: new Date(clock()) });
        },
        count: (key) => readHits(app.db, stored(key), new Date(clock())),
      };
    });

    // fastify.rateLimit() hooks cannot be stacked (the first one marks the request as limited and
    // the next ones skip it), so a request's several limits are counted here, in the same table
    // and under the same keys, in one statement (countHitsInOrder), in the order the rules list
    // them: one round trip however many limits a request has.
    app.decorate("limits", (rules: readonly LimitRule[]): LimitCheck => {
      return async (request) => {
        const at = clock();
        sweep(at);
        const counted: { rule: LimitRule; key: string; windowMs: number; max: number }[] = [];
        for (const rule of rules) {
          const who = await rule.key(request);
          if (!who) continue;
          // The date in the key makes each UTC day a counter of its own.
          const window = rule.per === "utc-day" ? new Date(at).toISOString().slice(0, 10) : "minute";
          const key = storedKey(`limit:${rule.name}:${window}:${who}`);
          counted.push({ rule, key, windowMs: rule.per === "minute" ? MINUTE_MS : DAY_MS, max: rule.max });
        }
        const hits = await countHitsInOrder(app.db, counted, new Date(at));
        for (const [index, { rule, max }] of counted.entries()) {
          const count = hits[index];
          if (count && count.hits > max) throw rule.refusal();
        }
      };
    });
  },
  { name: "rate-limit", dependencies: ["db"] },
);
