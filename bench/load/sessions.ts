import { createHmac } from "node:crypto";

/** The auth secret the benchmarks give their server, so they can sign session cookies themselves. */
export const AUTH_SECRET = "load-bench-secret-0123456789abcdef0123456789";

/** The cookie Better Auth sets for a session token: the token, a dot, and its HMAC in base64. */
export function sessionCookie(token: string): string {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
