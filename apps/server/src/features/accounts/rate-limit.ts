import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/http/errors.ts";

const WINDOW_MS = 60_000;

/** Counts attempts per key in fixed one-minute windows (in this process). */
class FixedWindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly max: number) {}

  /** Counts one attempt; false once the key went over its limit in this window. */
  hit(key: string, now = Date.now()): boolean {
    if (now - this.lastSweep > WINDOW_MS) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      this.lastSweep = now;
    }
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + WINDOW_MS });
      return true;
    }
    current.count += 1;
    return current.count <= this.max;
  }
}

/**
 * Limits on every auth endpoint, per client address and per account (email or user id). The
 * address is Fastify's request.ip, which honours X-Forwarded-For only from the proxies listed in
 * TRUST_PROXY, so a forged header does not buy a fresh allowance.
 */
export function createAuthRateLimits(config: Pick<Config, "AUTH_RATE_LIMIT_PER_IP" | "AUTH_RATE_LIMIT_PER_ACCOUNT">) {
  const perIp = new FixedWindowCounter(config.AUTH_RATE_LIMIT_PER_IP);
  // Reads (get-session on every page load) get a roomier budget of their own.
  const readsPerIp = new FixedWindowCounter(config.AUTH_RATE_LIMIT_PER_IP * 20);
  const perAccount = new FixedWindowCounter(config.AUTH_RATE_LIMIT_PER_ACCOUNT);

  return {
    /** Throws RESOURCE_EXHAUSTED ('Too many attempts…') when the address or the account is over. */
    check(request: FastifyRequest, account?: string | null): void {
      const counter = request.method === "GET" ? readsPerIp : perIp;
      const ipOk = counter.hit(`ip:${request.ip}`);
      const accountOk = account ? perAccount.hit(`account:${account.trim().toLowerCase()}`) : true;
      if (!ipOk || !accountOk) throw new AppError("RESOURCE_EXHAUSTED", MESSAGES.tooManyAttempts);
    },
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
