import fp from "fastify-plugin";
import type { AuthService } from "./auth-service.ts";
import { SessionCache } from "./session-cache.ts";
import type { SessionChanges } from "./session-changes.ts";
import { createSessionResolver, type SessionResolver } from "./session-resolver.ts";

/** More sessions than an instance serves at once; past it, the oldest kept goes first. */
const MAX_CACHED_SESSIONS = 100_000;

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

/**
 * `sessionChanges`: what the database says of changed sessions (the server listens; the tests'
 * apps do not). With it and SESSION_CACHE_SECONDS > 0, recently read sessions are kept.
 */
export const sessionsPlugin = fp<{ auth: AuthService; sessionChanges?: SessionChanges }>(
  async (app, { auth, sessionChanges }) => {
    const seconds = app.config.SESSION_CACHE_SECONDS;
    const recent =
      sessionChanges && seconds > 0 ? new SessionCache(sessionChanges, seconds * 1000, MAX_CACHED_SESSIONS) : undefined;
    app.decorate("auth", auth);
    app.decorate("sessions", createSessionResolver(auth, app.db, recent));
  },
  { name: "sessions", dependencies: ["db", "config"] },
);
