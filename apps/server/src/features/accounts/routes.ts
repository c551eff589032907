import {
  ACCOUNT_ERROR_CODES,
  ACCOUNTS_PATHS,
  type AccountOptionsResponse,
  type MeResponse,
} from "@sams-web/domain/accounts/contracts";
import { passwordMeetsPolicy } from "@sams-web/domain/accounts/password-policy";
import { PASSWORD_RESET_EMAILS_PER_DAY, RECENT_LOGIN_MS } from "@sams-web/domain/accounts/rules";
import {
  checkResetCodeRequestSchema,
  deleteAccountRequestSchema,
  passwordResetEmailRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from "@sams-web/domain/accounts/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { optionalJsonBody } from "../../platform/http/zod-schemas.ts";
import type { LimitCheck } from "../../platform/rate-limit/rate-limit-plugin.ts";
import { GOOGLE_PROVIDER_ID, googleConfigured } from "./auth.ts";
import type { AccountOf } from "./auth-limits.ts";
import {
  accountOfVerificationToken,
  emailForResetToken,
  findUserByEmail,
  mailboxOf,
  prepareProviderIdsOf,
  providersOf,
} from "./data.ts";
import type { AccountMail } from "./mail.ts";
import { deleteAccount, resetPasswordWithToken, verifyEmailWithToken } from "./mutations.ts";

const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  providers: z.array(z.string()),
}) satisfies z.ZodType<MeResponse>;

const accountOptionsResponseSchema = z.object({ google: z.boolean() }) satisfies z.ZodType<AccountOptionsResponse>;

/** An error whose body also carries a code the client maps to a message (domain auth-errors.ts). */
function sendCoded(reply: FastifyReply, error: AppError, code: string) {
  return reply.code(error.httpStatus).send({ error: { status: error.status, message: error.message, code } });
}

/**
 * Our side of accounts: /api/me, the sign-in options, the verification and reset emails and
 * their tokens, and account deletion. Each route that acts on an account passes `limited` first.
 */
/** The day's password-reset emails to one address are used up (never shown to the caller). */
class ResetEmailCapReached extends Error {}

export function registerAccountRoutes(
  fastify: FastifyInstance,
  deps: { accountMail: AccountMail; limited: (accountOf?: AccountOf) => LimitCheck },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, db, config, bus, callables, sessions, botcheck, accountLifecycle } = app;
  const { accountMail, limited } = deps;
  const signedInUserId = async (request: FastifyRequest) => (await sessions.requireUser(request)).id;
  const byAddress = limited();
  const providerIdsOf = prepareProviderIdsOf(db);
  const byAddressAndUser = limited(signedInUserId);
  // The callable's input, as sent: the limit counts the email before the bot check is asked for.
  const byAddressAndEmail = limited((request) => {
    const email = (request.body as { data?: { email?: unknown } } | undefined)?.data?.email;
    return typeof email === "string" ? email : null;
  });

  app.get(ACCOUNTS_PATHS.me, { schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const user = await sessions.requireUser(request);
    return { ...user, providers: await providerIdsOf(user.id) };
  });

  app.get(ACCOUNTS_PATHS.options, { schema: { response: { 200: accountOptionsResponseSchema } } }, async () => ({
    google: googleConfigured(config),
  }));

  // The popup of a Google sign-in lands here; the opener watches for this page, then closes it.
  app.get(ACCOUNTS_PATHS.oauthComplete, async (_request, reply) => {
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store");
    return "<!doctype html><title>Sam's Web</title><p>You can close this window.</p>";
  });

  app.post(
    ACCOUNTS_PATHS.verifyEmail,
    {
      preValidation: byAddress,
      schema: {
        body: optionalJsonBody(verifyEmailRequestSchema),
        response: { 200: z.object({ verified: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { oobCode } = request.body;
      // The link proves the mailbox to whoever holds the account's sign-in, never to whoever
      // merely opens it: a stranger who registered someone else's address would otherwise get
      // the account, with their password, the moment its owner (or a mail scanner) opened it.
      const owner = await accountOfVerificationToken(db, oobCode);
      if (!owner) throw new AppError("INVALID_ARGUMENT", "verificationFailedDetail");
      const user = await sessions.optionalUser(request);
      if (!user) {
        return sendCoded(
          reply,
          new AppError("UNAUTHENTICATED", "verifySignInFirst"),
          ACCOUNT_ERROR_CODES.verifySignInFirst,
        );
      }
      if (user.id !== owner) {
        return sendCoded(
          reply,
          new AppError("PERMISSION_DENIED", "verifyOtherAccount"),
          ACCOUNT_ERROR_CODES.verifyOtherAccount,
        );
      }
      if (!(await verifyEmailWithToken(db, { token: oobCode, userId: user.id }))) {
        throw new AppError("INVALID_ARGUMENT", "verificationFailedDetail");
      }
      await bus.publish(user.id, { topic: "profile" });
      return { verified: true as const };
    },
  );

  app.post(
    ACCOUNTS_PATHS.checkResetCode,
    {
      preValidation: byAddress,
      schema: {
        body: optionalJsonBody(checkResetCodeRequestSchema),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => {
      const { oobCode } = request.body;
      const email = await emailForResetToken(db, oobCode);
      if (!email) throw new AppError("INVALID_ARGUMENT", "invalidResetLink");
      return { email };
    },
  );

  app.post(
    ACCOUNTS_PATHS.resetPassword,
    {
      preValidation: byAddress,
      schema: {
        body: optionalJsonBody(resetPasswordRequestSchema),
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { oobCode, newPassword } = request.body;
      if (!passwordMeetsPolicy(newPassword)) {
        return sendCoded(reply, new AppError("INVALID_ARGUMENT", "passwordPolicy"), ACCOUNT_ERROR_CODES.passwordPolicy);
      }
      const authContext = await auth.$context;
      const userId = await resetPasswordWithToken(db, {
        token: oobCode,
        passwordHash: await authContext.password.hash(newPassword),
        newAccountId: authContext.generateId({ model: "account" }) || crypto.randomUUID(),
      });
      if (!userId) throw new AppError("INVALID_ARGUMENT", "resetFailed");
      // Every session ended: so do their event streams.
      sessions.ended(userId);
      await bus.publish(userId, { topic: "session" });
      return { reset: true as const };
    },
  );

  app.post(
    ACCOUNTS_PATHS.deleteAccount,
    {
      preValidation: [sessions.signedIn, byAddressAndUser],
      schema: {
        body: optionalJsonBody(deleteAccountRequestSchema),
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session) throw new AppError("UNAUTHENTICATED", "noAuthenticatedUser");
      const { user } = session;
      const input = request.body;
      const fresh = Date.now() - new Date(session.session.createdAt).getTime() <= RECENT_LOGIN_MS;
      const providers = await providersOf(db, user.id);
      const credential = providers.find((p) => p.providerId === "credential" && p.password);
      // The page asks a password account for its password up front: one given is always checked,
      // even within a recent login, so a wrong one never deletes.
      if (input.password !== undefined && credential?.password) {
        const authContext = await auth.$context;
        const valid = await authContext.password.verify({ hash: credential.password, password: input.password });
        if (!valid) {
          return sendCoded(reply, new AppError("PERMISSION_DENIED", "reauthFailed"), ACCOUNT_ERROR_CODES.reauthFailed);
        }
      } else if (!fresh) {
        if (!credential?.password) {
          const hasGoogle = providers.some((p) => p.providerId === GOOGLE_PROVIDER_ID);
          return sendCoded(
            reply,
            new AppError("FAILED_PRECONDITION", hasGoogle ? "reauthWithGoogle" : "deleteAccountFailed"),
            ACCOUNT_ERROR_CODES.reauthGoogle,
          );
        }
        return sendCoded(
          reply,
          new AppError("FAILED_PRECONDITION", "reauthWithPassword"),
          ACCOUNT_ERROR_CODES.reauthPassword,
        );
      }
      await deleteAccount(db, { userId: user.id, email: user.email });
      // The account is gone whatever the mail does: a mail server that is down is logged, not an error.
      await accountMail.sendAccountDeleted(user.email).catch((error: unknown) => {
        request.log.warn({ err: error }, "account deleted email failed");
      });
      await accountLifecycle.accountDeleted(user.id);
      sessions.ended(user.id);
      await bus.publish(user.id, { topic: "session" });
      const cookies = Object.keys(request.cookies ?? {}).filter((name) => name.includes("better-auth"));
      for (const name of cookies) reply.clearCookie(name, { path: "/" });
      return { deleted: true as const };
    },
  );

  callables.register("sendCustomVerificationEmail", {
    input: z.object({}).strict(),
    handler: async (_data, { request }) => {
      const user = await sessions.requireUser(request);
      await byAddressAndUser(request);
      if (user.emailVerified) return { sent: false, alreadyVerified: true };
      if (!(await accountMail.sendVerification(user))) {
        throw new AppError("RESOURCE_EXHAUSTED", "verificationEmailDailyLimit");
      }
      return { sent: true, alreadyVerified: false };
    },
  });

  const resetEmailsToday = app.limits([
    {
      name: "password-reset-email",
      per: "utc-day",
      max: PASSWORD_RESET_EMAILS_PER_DAY,
      // Per mailbox, as verification emails are: plus-tags and case reach the same inbox.
      key: (request) => mailboxOf(db, (request.body as { data: { email: string } }).data.email),
      refusal: () => new ResetEmailCapReached(),
    },
  ]);
  const mayEmailReset = (request: FastifyRequest) =>
    resetEmailsToday(request).then(
      () => true,
      (error: unknown) => (error instanceof ResetEmailCapReached ? false : Promise.reject(error)),
    );

  callables.register("sendCustomPasswordResetEmail", {
    input: passwordResetEmailRequestSchema,
    handler: async ({ email }, { request }) => {
      await byAddressAndEmail(request);
      await botcheck.require(request);
      // The same answer, and about the same time, whether or not the account exists or the day's
      // emails to this address are used up.
      if (!(await mayEmailReset(request))) return { message: MESSAGES.resetLinkSent };
      void findUserByEmail(db, email)
        .then((user) => (user ? accountMail.sendPasswordReset(user) : undefined))
        .catch((error: unknown) => request.log.error({ err: error }, "could not send a password reset email"));
      return { message: MESSAGES.resetLinkSent };
    },
  });
}
