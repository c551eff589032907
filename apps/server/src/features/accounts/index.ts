import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { authLimits } from "./auth-limits.ts";
import { limitedAccount, registerBetterAuthRoutes } from "./better-auth-routes.ts";
import { createAccountMail } from "./mail.ts";
import { registerAccountRoutes } from "./routes.ts";

/**
 * Accounts: Better Auth under /api/auth, our verification and reset emails and tokens, /api/me,
 * and account deletion, all under the same per-address and per-account limits.
 */
const accounts: FastifyPluginAsync = async (app) => {
  const limited = authLimits(app, app.config);
  const accountMail = createAccountMail({ config: app.config, db: app.db, mailer: app.mailer });
  registerBetterAuthRoutes(app, limited(limitedAccount));
  registerAccountRoutes(app, { accountMail, limited });
};

export const accountsFeature = fp(accounts, {
  name: "accounts",
  dependencies: [
    "config",
    "db",
    "realtime",
    "sessions",
    "botcheck",
    "mailer",
    "callables",
    "account-lifecycle",
    "rate-limit",
    "zod-schemas",
  ],
  encapsulate: true,
});
