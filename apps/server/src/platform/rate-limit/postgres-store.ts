import { createHash } from "node:crypto";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { RouteOptions } from "fastify";
import type { Database } from "../db/database-plugin.ts";
import { countHit, sweepEndedWindows } from "./mutations.ts";

/** Ended windows are swept at most this often by each instance. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Keys name who is counted (an address, an email, a user id); the table keeps only their hash,
 * so it holds nothing that names a person, and a deleted account leaves nothing behind in it.
 */
export function storedKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

/** Removes ended windows at most every SWEEP_EVERY_MS, whoever calls it (every count does). */
export function endedWindowsSweeper(db: Database, now: () => number): (at: number) => void {
  let lastSweep = now();
  return (at) => {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    // Only housekeeping: a failed sweep is retried at the next interval.
    sweepEndedWindows(db, new Date(at)).catch(() => {});
  };
}

type IncrCallback = Parameters<FastifyRateLimitStore["incr"]>[1];

type ChildOptions = Parameters<FastifyRateLimitStore["child"]>[0];

/**
 * What @fastify/rate-limit really hands a child store: the limit's settings, with the route they
 * count for under routeInfo (empty for a manual limit made with createRateLimit).
 */
interface ChildParams {
  routeInfo?: Partial<Pick<RouteOptions, "method" | "url">>;
}

/**
 * A store for @fastify/rate-limit kept in PostgreSQL (countHit), so a limit holds across every
 * instance on one database. A route's limit counts under a prefix naming the route, as the
 * in-memory store keeps one counter per route; a manual limit (createRateLimit) names its keys
 * itself. `now` is the clock windows are measured by (tests move it).
 */
export function postgresRateLimitStore(
  db: Database,
  now: () => number,
  sweepNowAndThen: (at: number) => void = endedWindowsSweeper(db, now),
): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: FastifyRateLimitOptions, prefix = "") {
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      const at = now();
      sweepNowAndThen(at);
      countHit(db, { key: storedKey(`${this.prefix}${key}`), windowMs: timeWindow, now: new Date(at) }).then(
        ({ hits, resetsAt }) => callback(null, { current: hits, ttl: Math.max(0, resetsAt.getTime() - at) }),
        (error: Error) => callback(error),
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const { method, url } = (options as unknown as ChildParams).routeInfo ?? {};
      if (!url) return new PostgresRateLimitStore();
      return new PostgresRateLimitStore({}, `route:${[method ?? ""].flat().join(",")} ${url}:`);
    }
  }

  return PostgresRateLimitStore;
}
