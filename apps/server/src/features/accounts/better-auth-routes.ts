import {
  SIGN_IN_FAILURE_WINDOW_MS,
  SIGN_IN_FAILURES_BEFORE_HARDER_CHECK,
  SIGN_IN_FAILURES_PER_ADDRESS,
} from "@sams-web/domain/accounts/rules";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import type { LimitCheck } from "../../platform/rate-limit/rate-limit-plugin.ts";
import { GOOGLE_PROVIDER_ID } from "./auth.ts";

/**
 * The Better Auth endpoints the product uses: the web app's sign-up, sign-in, sign-out, session
 * and Google sign-in, Google's return to us, and a name change (held to the display-name rules in
 * auth.ts). Every other one (change-email, change-password, list-sessions, delete-user …) answers
 * 404 as if it did not exist: the app's own routes do those jobs, under the product's rules.
 */
const AUTH_ENDPOINTS = new Set([
  "POST /api/auth/sign-up/email",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
  "POST /api/auth/sign-in/social",
  `GET /api/auth/callback/${GOOGLE_PROVIDER_ID}`,
  "POST /api/auth/update-user",
]);

// Better Auth endpoints a script would hammer: each needs a solved proof-of-work challenge.
const BOTCHECKED_PATHS = new Set(["/api/auth/sign-up/email", "/api/auth/sign-in/email"]);

const SIGN_IN_PATH = "/api/auth/sign-in/email";
const SIGN_OUT_PATH = "/api/auth/sign-out";

/** The email a Better Auth request names in its body, if any (sign-in, sign-up, reset requests). */
export function bodyEmail(request: FastifyRequest): string | null {
  if (request.method !== "POST") return null;
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email : null;
}

/**
 * The account a request is limited by, except a sign-in: a per-account limit on sign-ins would
 * let anyone lock the owner out with wrong passwords, so sign-ins to an account are slowed by
 * their failures instead (signInGuard).
 */
export function limitedAccount(request: FastifyRequest): string | null {
  return request.url.split("?")[0] === SIGN_IN_PATH ? null : bodyEmail(request);
}

/**
 * Wrong passwords slow a sign-in without stopping the owner: counted per account and per
 * account-and-address over SIGN_IN_FAILURE_WINDOW_MS. Past SIGN_IN_FAILURES_BEFORE_HARDER_CHECK
 * for the account, a sign-in needs the harder bot check; past SIGN_IN_FAILURES_PER_ADDRESS from
 * one address, that address is refused for that account.
 */
function signInGuard(app: FastifyInstance) {
  const failures = app.eventCounter("sign-in-failure", SIGN_IN_FAILURE_WINDOW_MS);
  const keys = (request: FastifyRequest) => {
    const account = (bodyEmail(request) ?? "").trim().toLowerCase();
    return { account: `account:${account}`, pair: `pair:${account}:${request.ip}` };
  };
  return {
    async before(request: FastifyRequest): Promise<void> {
      const { account, pair } = keys(request);
      if ((await failures.count(pair)) >= SIGN_IN_FAILURES_PER_ADDRESS) {
        throw new AppError("RESOURCE_EXHAUSTED", "tooManyAttempts");
      }
      const underAttack = (await failures.count(account)) >= SIGN_IN_FAILURES_BEFORE_HARDER_CHECK;
      await app.botcheck.require(request, underAttack ? "harder" : "normal");
    },
    async after(request: FastifyRequest, status: number): Promise<void> {
      // 401: the email and password did not match (Better Auth's answer for both wrong cases).
      if (status !== 401) return;
      const { account, pair } = keys(request);
      await Promise.all([failures.record(account), failures.record(pair)]);
    },
  };
}

/**
 * Mounts Better Auth under /api/auth, translating between Fastify and the Fetch API. Every call
 * passes `limited` first (per address and, when the body names one, per account), and Better Auth
 * sees the proxy-aware client address only: a client's own X-Forwarded-For never reaches it.
 */
export function registerBetterAuthRoutes(app: FastifyInstance, limited: LimitCheck): void {
  const { auth, botcheck, bus, sessions } = app;
  const signIn = signInGuard(app);
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    preHandler: [
      async (request) => {
        const { pathname } = new URL(request.url, `${request.protocol}://${request.host}`);
        if (!AUTH_ENDPOINTS.has(`${request.method} ${pathname}`)) {
          throw new AppError("NOT_FOUND", "noRoute", `No route for ${request.method} ${pathname}`);
        }
      },
      limited,
    ],
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const signingIn = request.method === "POST" && url.pathname === SIGN_IN_PATH;
      // Who is signing out, so their open event streams can check their sessions afterwards.
      const signingOut =
        request.method === "POST" && url.pathname === SIGN_OUT_PATH ? await sessions.optionalUser(request) : null;
      if (signingIn) await signIn.before(request);
      else if (request.method === "POST" && BOTCHECKED_PATHS.has(url.pathname)) await botcheck.require(request);

      const headers = fromNodeHeaders(request.headers);
      headers.delete("x-real-ip");
      headers.set("x-forwarded-for", request.ip);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      if (signingIn) await signIn.after(request, response.status);
      if (signingOut && response.ok) {
        sessions.ended(signingOut.id);
        await bus.publish(signingOut.id, { topic: "session" });
      }
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
