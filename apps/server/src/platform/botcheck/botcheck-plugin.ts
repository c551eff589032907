import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { HARDER_BOTCHECK_FACTOR, HARDER_BOTCHECK_QUERY } from "@sams-web/domain/accounts/rules";
import fp from "fastify-plugin";
import { type Botcheck, createBotcheck } from "./botcheck.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The proof-of-work bot check: `await botcheck.require(request)` refuses a request without one. */
    botcheck: Botcheck;
  }
}

/** The bot check, and GET /api/botcheck/challenge: a new challenge for the browser to solve. */
export const botcheckPlugin = fp<{ secret: string }>(
  async (app, { secret }) => {
    const botcheck = createBotcheck({
      secret,
      maxNumber: app.config.BOTCHECK_MAX_NUMBER,
      harderFactor: HARDER_BOTCHECK_FACTOR,
      db: app.db,
    });
    app.decorate("botcheck", botcheck);
    app.get(
      ACCOUNTS_PATHS.botcheckChallenge,
      { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const harder = new URL(request.url, "http://x").searchParams.toString() === HARDER_BOTCHECK_QUERY;
        return botcheck.challenge(harder ? "harder" : "normal");
      },
    );
  },
  { name: "botcheck", dependencies: ["config", "db", "rate-limit"] },
);
