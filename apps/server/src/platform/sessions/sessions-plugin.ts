import fp from "fastify-plugin";
import type { AuthService } from "./auth-service.ts";
import { createSessionResolver, type SessionResolver } from "./session-resolver.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Better Auth, made by the caller of buildApp (the accounts feature configures it: it needs the
     * database, the secret and the account emails); the platform knows it by Better Auth's own type.
     */
    auth: AuthService;
    /** Who is signed in on a request, resolved once per request. */
    sessions: SessionResolver;
  }
}

export const sessionsPlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorate("auth", auth);
    app.decorate("sessions", createSessionResolver(auth, app.db));
  },
  { name: "sessions", dependencies: ["db"] },
);
