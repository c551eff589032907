import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { LimitCheck } from "../../platform/rate-limit/rate-limit-plugin.ts";

/** The account an auth request is about (an email or a user id), when it names one. */
export type AccountOf = (request: FastifyRequest) => string | null | Promise<string | null>;

/**
 * Limits on every auth endpoint, per client address and per account, each per minute and shared
 * by all auth endpoints. The address is Fastify's request.ip, which honours X-Forwarded-For only
 * from the proxies listed in TRUST_PROXY, so a forged header does not buy a fresh allowance.
 * Reads (get-session on every page load) get a roomier budget of their own. Over either limit:
 * RESOURCE_EXHAUSTED, 'Too many attempts…'.
 */
export function authLimits(
  app: FastifyInstance,
  config: Pick<Config, "AUTH_RATE_LIMIT_PER_IP" | "AUTH_RATE_LIMIT_PER_ACCOUNT">,
): (accountOf?: AccountOf) => LimitCheck {
  const tooMany = () => new AppError("RESOURCE_EXHAUSTED", "tooManyAttempts");
  const reads = (request: FastifyRequest) => request.method === "GET";
  return (accountOf) =>
    app.limits([
      {
        name: "auth-address",
        per: "minute",
        max: config.AUTH_RATE_LIMIT_PER_IP,
        key: (request) => (reads(request) ? null : request.ip),
        refusal: tooMany,
      },
      {
        name: "auth-address-reads",
        per: "minute",
        max: config.AUTH_RATE_LIMIT_PER_IP * 20,
        key: (request) => (reads(request) ? request.ip : null),
        refusal: tooMany,
      },
      {
        name: "auth-account",
        per: "minute",
        max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
        key: async (request) => (await accountOf?.(request))?.trim().toLowerCase() || null,
        refusal: tooMany,
      },
    ]);
}
