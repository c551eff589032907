import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
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
    const botcheck = createBotcheck({ secret, maxNumber: app.config.BOTCHECK_MAX_NUMBER, db: app.db });
    app.decorate("botcheck", botcheck);
    app.get(
      ACCOUNTS_PATHS.botcheckChallenge,
      { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return botcheck.challenge();
      },
    );
  },
  { name: "botcheck", dependencies: ["config", "db", "rate-limit"] },
);
