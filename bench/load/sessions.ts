import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "../../apps/server/src/db/client.ts";
import { sessions } from "../../apps/server/src/db/schema.ts";

/** The auth secret the benchmarks give their server, so they can sign session cookies themselves. */
export const AUTH_SECRET = "load-bench-secret-0123456789abcdef0123456789";

/** The cookie Better Auth sets for a session token: the token, a dot, and its HMAC in base64. */
export function sessionCookie(token: string): string {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Signs `userId` in for a day without the sign-in form: a sessions row as Better Auth writes it,
 * and the cookie that carries its token. Answers the session's id (push subscriptions hang on it).
 */
export async function signedInSession(db: Database, userId: string): Promise<{ id: string; cookie: string }> {
  const token = randomBytes(24).toString("base64url");
  const id = `bench_${token}`;
  await db.insert(sessions).values({ id, token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id, cookie: sessionCookie(token) };
}
