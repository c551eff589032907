import { displayNameFromSignup } from "@sams-web/domain/profile-rules";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";
import { createProfileForUser } from "./mutations.ts";

export function createAuth(options: { config: Config; db: Database; secret: string }) {
  const { config, db, secret } = options;
  return betterAuth({
    appName: "Sam's Web",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, autoSignIn: true },
    session: {
      // Sessions persist across browser restarts (SPEC.md section 7: persisted local session).
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfileForUser(db, {
              userId: user.id,
              email: user.email,
              displayName: displayNameFromSignup(user.name, user.email),
            });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
