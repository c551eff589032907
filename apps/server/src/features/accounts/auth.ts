import { ACCOUNT_ERROR_CODES } from "@sams-web/domain/accounts/contracts";
import { passwordMeetsPolicy } from "@sams-web/domain/accounts/password-policy";
import { PASSWORD_MAX_LENGTH, SERVER_PASSWORD_MIN_LENGTH } from "@sams-web/domain/accounts/rules";
import { displayNameFromSignup, sanitizeName } from "@sams-web/domain/profile/rules";
import { displayNameSchema } from "@sams-web/domain/profile/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Config } from "../../config.ts";
import { authDatabaseAdapter } from "../../platform/db/auth-adapter.ts";
import type { Database } from "../../platform/db/database-plugin.ts";
import { createMailer, type Mailer } from "../../platform/mail/mailer.ts";
import { isSuspended, isSuspendedMailbox } from "../safety/data.ts";
import { createAccountMail } from "./mail.ts";
import { createProfileForUser, markProvenByGoogle, setProfileDisplayName } from "./mutations.ts";

/** The provider id of Google accounts: settings tell an account made with Google apart by it. */
export const GOOGLE_PROVIDER_ID = "google";

export const googleConfigured = (config: Config) => Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

// Every Better Auth endpoint that sets a password, and the field that carries it.
const PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

/** What a sign-up may carry: the user record's other fields (image …) are not the person's to set. */
const SIGN_UP_FIELDS = new Set(["email", "password", "name"]);

function onlyFields(body: unknown, allowed: ReadonlySet<string>): void {
  const fields = typeof body === "object" && body !== null ? Object.keys(body) : [];
  if (fields.some((field) => !allowed.has(field))) {
    throw new APIError("BAD_REQUEST", { code: "UNEXPECTED_FIELDS", message: MESSAGES.unexpectedFields });
  }
}

/**
 * The one change update-user may make: the display name, by the settings rules (sanitised, then
 * required and at most the display-name length). Anything else in the body is refused, so no
 * other field of the user record can be set through it.
 */
function nameChange(body: unknown): string {
  const fields = typeof body === "object" && body !== null ? Object.keys(body) : [];
  const name = (body as { name?: unknown } | null)?.name;
  if (fields.length !== 1 || typeof name !== "string") {
    throw new APIError("BAD_REQUEST", { code: "INVALID_NAME_CHANGE", message: MESSAGES.nameChangeOnly });
  }
  const parsed = displayNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", {
      code: "INVALID_NAME_CHANGE",
      message: parsed.error.issues[0]?.message ?? MESSAGES.displayNameRequired,
    });
  }
  return parsed.data;
}

export function createAuth(options: {
  config: Config;
  db: Database;
  secret: string;
  mailer?: Mailer;
  /** Told of each account created (the metrics count sign-ups). */
  onSignUp?: () => void;
}) {
  const { config, db, secret } = options;
  const accountMail = createAccountMail({ config, db, mailer: options.mailer ?? createMailer(config) });
  return betterAuth({
    appName: "Sam's Web",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: authDatabaseAdapter(db),
    // Hashing: scrypt N=16384 r=16 p=1 (Better Auth's default, run by node:crypto off the main
    // thread); see docs/decisions/0002-password-hashing-and-policy.md for its measured cost.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: SERVER_PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    user: {
      // Ours, never set through the auth API (input: false); read with the session.
      additionalFields: { mailboxProvenAt: { type: "date", required: false, input: false } },
    },
    session: {
      // Sessions persist across browser restarts: a session is kept locally, not per tab.
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // The app limits every auth endpoint itself, by the proxy-aware client address (auth-limits.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/update-user") return { context: { body: { name: nameChange(ctx.body) } } };
        if (ctx.path === "/sign-up/email") onlyFields(ctx.body, SIGN_UP_FIELDS);
        const field = PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
        if (typeof password === "string" && !passwordMeetsPolicy(password)) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
            message: MESSAGES.passwordPolicy,
          });
        }
      }),
    },
    plugins: googleConfigured(config)
      ? [
          // Google through its OpenID discovery document, so a local OpenID provider can stand in
          // for it in tests and the same code path runs.
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                clientId: config.GOOGLE_CLIENT_ID ?? "",
                clientSecret: config.GOOGLE_CLIENT_SECRET ?? "",
                discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    databaseHooks: {
      // A suspended person gets no session, however they sign in (password or Google).
      session: {
        create: {
          before: async (session) => {
            if (await isSuspended(db, session.userId)) {
              throw new APIError("FORBIDDEN", {
                code: ACCOUNT_ERROR_CODES.suspended,
                message: MESSAGES.accountSuspended,
              });
            }
          },
        },
      },
      user: {
        update: {
          // A later name change through the auth API is cleaned the same way.
          before: async (data) =>
            typeof data.name === "string" ? { data: { ...data, name: sanitizeName(data.name) } } : { data },
          // One name: the profile's display name is the account's name, whichever door changed it
          // (Settings writes both itself; update-user writes the account, and this the profile).
          after: async (user) => {
            await setProfileDisplayName(db, user.id, user.name);
          },
        },
        create: {
          // The name is stripped of < > " ' & and trimmed; an empty one becomes the email's local part.
          // No account is made on the mailbox of a suspended one (with a password or Google).
          before: async (user) => {
            if (await isSuspendedMailbox(db, user.email)) {
              throw new APIError("FORBIDDEN", {
                code: ACCOUNT_ERROR_CODES.suspended,
                message: MESSAGES.accountSuspended,
              });
            }
            return { data: { ...user, name: displayNameFromSignup(user.name ?? "", user.email) } };
          },
          after: async (user) => {
            await createProfileForUser(db, {
              userId: user.id,
              email: user.email,
              displayName: displayNameFromSignup(user.name, user.email),
              verified: user.emailVerified,
            });
            // Created with Google, which vouched for the address of the person signing in.
            if (user.emailVerified) await markProvenByGoogle(db, user.id);
            options.onSignUp?.();
            if (!user.emailVerified) {
              // A mail server hiccup must not undo the sign-up: the link can be resent from settings.
              await accountMail.sendVerification(user).catch((error: unknown) => {
                console.error("could not send the verification email", error);
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
