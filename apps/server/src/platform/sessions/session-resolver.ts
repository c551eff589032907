import { createHmac, timingSafeEqual } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { AuthService } from "./auth-service.ts";
import type { SessionCache } from "./session-cache.ts";
import type { SessionUser } from "./session-user.ts";

export type { SessionUser } from "./session-user.ts";

/** Tokens per statement when many sessions are checked at once (well under pg's parameter limit). */
const LIVE_TOKENS_PER_STATEMENT = 1_000;

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Better Auth's own session read is needed: the session is due for its daily extension, or odd. */
const ASK_BETTER_AUTH = Symbol("ask Better Auth");

/**
 * The value of a cookie Better Auth signed (`value.base64(HMAC-SHA256(secret, value))`), or null
 * when the signature does not match, exactly as Better Auth itself checks it.
 */
function verifiedCookieValue(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}

/**
 * Resolves the signed-in user of a request once, however many handlers ask.
 *
 * Most requests come with a session that needs nothing but reading, so that case is answered by
 * one query (session and user together) after checking the cookie's signature here, which costs a
 * fraction of a full Better Auth call (its per-call context, hooks and output filtering took most
 * of an authenticated read's time). With `recent` (the server's, not the tests' apps), a session
 * read in the last few seconds is not read again, until the database says it or its account
 * changed (session-cache.ts, docs/decisions/0022). Anything else — a session due for its daily extension, an expired
 * one Better Auth cleans up, a "don't remember me" session — goes through Better Auth's getSession,
 * so its rules stay the only rules.
 */
export function createSessionResolver(auth: AuthService, db: Database, recent?: SessionCache) {
  // Prepared once: building the statement anew on every request cost as much as running it.
  const sessionByToken = db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      mailboxProvenAt: users.mailboxProvenAt,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("session_user_by_token");

  const readQuickly = async (request: FastifyRequest): Promise<SessionUser | null | typeof ASK_BETTER_AUTH> => {
    const context = await auth.$context;
    const cookie = request.cookies[context.authCookies.sessionToken.name];
    if (!cookie) return null;
    if (request.cookies[context.authCookies.dontRememberToken.name]) return ASK_BETTER_AUTH;
    const token = verifiedCookieValue(cookie, context.secret);
    if (!token) return null;
    const cached = recent?.get(token);
    if (cached) return cached;
    const mark = recent?.mark();
    const [row] = await sessionByToken.execute({ token });
    if (!row) return null;
    const now = Date.now();
    const { expiresIn, updateAge } = context.sessionConfig;
    const extensionDueAt = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000;
    if (row.expiresAt.getTime() <= now || extensionDueAt <= now) return ASK_BETTER_AUTH;
    const user: SessionUser = {
      id: row.id,
      email: row.email,
      name: row.name,
      emailVerified: row.emailVerified,
      mailboxProven: row.mailboxProvenAt !== null,
      sessionId: row.sessionId,
    };
    // Kept no later than the session's expiry or its extension, which Better Auth must make.
    if (mark !== undefined) recent?.keep(token, user, mark, Math.min(row.expiresAt.getTime(), extensionDueAt));
    return user;
  };

  const readThroughBetterAuth = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const { id, email, name, emailVerified, mailboxProvenAt } = session.user;
    return { id, email, name, emailVerified, mailboxProven: mailboxProvenAt != null, sessionId: session.session.id };
  };

  const optionalUser = (request: FastifyRequest): Promise<SessionUser | null> => {
    let pending = cache.get(request);
    if (!pending) {
      pending = readQuickly(request).then((quick) =>
        quick === ASK_BETTER_AUTH ? readThroughBetterAuth(request) : quick,
      );
      cache.set(request, pending);
    }
    return pending;
  };

  const requireUser = async (request: FastifyRequest): Promise<SessionUser> => {
    const user = await optionalUser(request);
    if (!user) throw new AppError("UNAUTHENTICATED", "noAuthenticatedUser");
    return user;
  };

  /** The session token a request's cookie carries, if Better Auth signed it. */
  const sessionTokenOf = async (request: FastifyRequest): Promise<string | null> => {
    const context = await auth.$context;
    const cookie = request.cookies[context.authCookies.sessionToken.name];
    return cookie ? verifiedCookieValue(cookie, context.secret) : null;
  };

  /**
   * Whether the request's session still exists and has not expired, read afresh (not from the
   * per-request cache): a long-lived request, such as an event stream, asks again later.
   */
  const stillSignedIn = async (request: FastifyRequest): Promise<boolean> => {
    const token = await sessionTokenOf(request);
    if (!token) return false;
    const [row] = await sessionByToken.execute({ token });
    return row !== undefined && row.expiresAt.getTime() > Date.now();
  };

  /**
   * Of these session tokens, those whose session still exists and has not expired, read afresh in
   * one statement per LIVE_TOKENS_PER_STATEMENT: what the event streams check together on each
   * heartbeat, instead of a statement per stream.
   */
  const liveTokens = async (tokens: readonly string[]): Promise<Set<string>> => {
    const live = new Set<string>();
    for (let start = 0; start < tokens.length; start += LIVE_TOKENS_PER_STATEMENT) {
      const batch = tokens.slice(start, start + LIVE_TOKENS_PER_STATEMENT);
      const rows = await db
        .select({ token: sessions.token })
        .from(sessions)
        .where(and(inArray(sessions.token, batch), gt(sessions.expiresAt, new Date())));
      for (const row of rows) live.add(row.token);
    }
    return live;
  };

  /**
   * The user's sessions were ended (or the account changed) by this request, committed: their
   * kept copies on this instance go at once. Other instances hear it from the database.
   */
  const ended = (userId: string): void => recent?.changed(userId);

  /** A route hook that refuses a request without a signed-in user before its body is validated. */
  const signedIn = async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
  };

  return { optionalUser, requireUser, signedIn, stillSignedIn, sessionTokenOf, liveTokens, ended };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
