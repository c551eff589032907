import {
  ACCOUNT_ERROR_CODES,
  ACCOUNTS_PATHS,
  type AccountOptionsResponse,
  type MeResponse,
} from "@sams-web/domain/accounts/contracts";
import { RECENT_LOGIN_MS } from "@sams-web/domain/accounts/rules";
import {
  checkResetCodeRequestSchema,
  deleteAccountRequestSchema,
  passwordResetEmailRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from "@sams-web/domain/accounts/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod";
import type { FeatureContext } from "../../app.ts";
import { registerBotcheckRoutes } from "../../platform/botcheck/botcheck.ts";
import { AppError } from "../../platform/http/errors.ts";
import { createAccountMail } from "./account-mail.ts";
import { GOOGLE_PROVIDER_ID, googleConfigured } from "./auth.ts";
import { emailForResetToken, findUserByEmail, providersOf } from "./data.ts";
import { consumeToken, deleteAccount, markEmailVerified, resetPasswordWithToken } from "./mutations.ts";
import { passwordMeetsPolicy } from "./password-policy.ts";
import { createAuthRateLimits } from "./rate-limit.ts";
import { registerAuthRoutes } from "./routes.ts";

/** An error whose body also carries a code the client maps to a message (domain auth-errors.ts). */
function sendCoded(reply: FastifyReply, error: AppError, code: string) {
  return reply.code(error.httpStatus).send({ error: { status: error.status, message: error.message, code } });
}

/**
 * Accounts: Better Auth under /api/auth, the bot check, our verification and reset emails and
 * tokens, /api/me, and account deletion.
 */
export function registerAccounts(context: FeatureContext): void {
  const { app, auth, db, config, bus, callables, sessions, botcheck, accountLifecycle, mailer } = context;
  const rateLimits = createAuthRateLimits(config);
  const accountMail = createAccountMail({ config, db, mailer });
  const guarded = (request: FastifyRequest, account?: string | null) => rateLimits.check(request, account);

  registerBotcheckRoutes(app, botcheck);
  registerAuthRoutes(app, auth, { botcheck, rateLimits });

  app.get(ACCOUNTS_PATHS.me, async (request): Promise<MeResponse> => {
    const user = await sessions.requireUser(request);
    const providers = await providersOf(db, user.id);
    return { ...user, providers: [...new Set(providers.map((p) => p.providerId))] };
  });

  app.get(ACCOUNTS_PATHS.options, async (): Promise<AccountOptionsResponse> => ({ google: googleConfigured(config) }));

  // The popup of a Google sign-in lands here; the opener watches for this page, then closes it.
  app.get(ACCOUNTS_PATHS.oauthComplete, async (_request, reply) => {
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store");
    return "<!doctype html><title>Sam's Web</title><p>You can close this window.</p>";
  });

  app.post(ACCOUNTS_PATHS.verifyEmail, async (request) => {
    guarded(request);
    const { oobCode } = verifyEmailRequestSchema.parse(request.body ?? {});
    const userId = await consumeToken(db, "verify-email", oobCode);
    if (!userId) throw new AppError("INVALID_ARGUMENT", MESSAGES.verificationFailedDetail);
    await markEmailVerified(db, userId);
    await bus.publish(userId, { topic: "profile" });
    return { verified: true };
  });

  app.post(ACCOUNTS_PATHS.checkResetCode, async (request) => {
    guarded(request);
    const { oobCode } = checkResetCodeRequestSchema.parse(request.body ?? {});
    const email = await emailForResetToken(db, oobCode);
    if (!email) throw new AppError("INVALID_ARGUMENT", MESSAGES.invalidResetLink);
    return { email };
  });

  app.post(ACCOUNTS_PATHS.resetPassword, async (request, reply) => {
    guarded(request);
    const { oobCode, newPassword } = resetPasswordRequestSchema.parse(request.body ?? {});
    if (!passwordMeetsPolicy(newPassword)) {
      return sendCoded(
        reply,
        new AppError("INVALID_ARGUMENT", MESSAGES.passwordPolicy),
        ACCOUNT_ERROR_CODES.passwordPolicy,
      );
    }
    const authContext = await auth.$context;
    const ok = await resetPasswordWithToken(db, {
      token: oobCode,
      passwordHash: await authContext.password.hash(newPassword),
      newAccountId: authContext.generateId({ model: "account" }) || crypto.randomUUID(),
    });
    if (!ok) throw new AppError("INVALID_ARGUMENT", MESSAGES.resetFailed);
    return { reset: true };
  });

  app.post(ACCOUNTS_PATHS.deleteAccount, async (request, reply) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw new AppError("UNAUTHENTICATED", MESSAGES.noAuthenticatedUser);
    const { user } = session;
    guarded(request, user.id);
    const input = deleteAccountRequestSchema.parse(request.body ?? {});
    const fresh = Date.now() - new Date(session.session.createdAt).getTime() <= RECENT_LOGIN_MS;
    if (!fresh) {
      const providers = await providersOf(db, user.id);
      const credential = providers.find((p) => p.providerId === "credential" && p.password);
      if (!credential?.password) {
        const hasGoogle = providers.some((p) => p.providerId === GOOGLE_PROVIDER_ID);
        return sendCoded(
          reply,
          new AppError("FAILED_PRECONDITION", hasGoogle ? MESSAGES.reauthWithGoogle : MESSAGES.deleteAccountFailed),
          ACCOUNT_ERROR_CODES.reauthGoogle,
        );
      }
      if (input.password === undefined) {
        return sendCoded(
          reply,
          new AppError("FAILED_PRECONDITION", MESSAGES.reauthWithPassword),
          ACCOUNT_ERROR_CODES.reauthPassword,
        );
      }
      const authContext = await auth.$context;
      const valid = await authContext.password.verify({ hash: credential.password, password: input.password });
      if (!valid) {
        return sendCoded(
          reply,
          new AppError("PERMISSION_DENIED", MESSAGES.reauthFailed),
          ACCOUNT_ERROR_CODES.reauthFailed,
        );
      }
    }
    await deleteAccount(db, { userId: user.id, email: user.email });
    await accountLifecycle.accountDeleted(user.id);
    const cookies = Object.keys(request.cookies ?? {}).filter((name) => name.includes("better-auth"));
    for (const name of cookies) reply.clearCookie(name, { path: "/" });
    return { deleted: true };
  });

  callables.register("sendCustomVerificationEmail", {
    input: z.object({}).strict(),
    handler: async (_data, { request }) => {
      const user = await sessions.requireUser(request);
      guarded(request, user.id);
      if (user.emailVerified) return { sent: false, alreadyVerified: true };
      await accountMail.sendVerification(user);
      return { sent: true, alreadyVerified: false };
    },
  });

  callables.register("sendCustomPasswordResetEmail", {
    input: passwordResetEmailRequestSchema,
    handler: async ({ email }, { request }) => {
      guarded(request, email);
      await botcheck.require(request);
      // The same answer, and about the same time, whether or not the account exists.
      void findUserByEmail(db, email)
        .then((user) => (user ? accountMail.sendPasswordReset(user) : undefined))
        .catch((error: unknown) => request.log.error({ err: error }, "could not send a password reset email"));
      return { message: MESSAGES.resetLinkSent };
    },
  });
}
