import fp from "fastify-plugin";
import type { Auth } from "../../features/accounts/auth.ts";
import { createSessionResolver, type SessionResolver } from "./session-resolver.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Better Auth, made by the caller of buildApp (it needs the database and the secret). */
    auth: Auth;
    /** Who is signed in on a request, resolved once per request. */
    sessions: SessionResolver;
  }
}

export const sessionsPlugin = fp<{ auth: Auth }>(
  async (app, { auth }) => {
    app.decorate("auth", auth);
    app.decorate("sessions", createSessionResolver(auth, app.db));
  },
  { name: "sessions", dependencies: ["db"] },
);
