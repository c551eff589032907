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

/** The email a Better Auth request names in its body, if any (sign-in, sign-up, reset requests). */
export function bodyEmail(request: FastifyRequest): string | null {
  if (request.method !== "POST") return null;
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email : null;
}

/**
 * Mounts Better Auth under /api/auth, translating between Fastify and the Fetch API. Every call
 * passes `limited` first (per address and, when the body names one, per account), and Better Auth
 * sees the proxy-aware client address only: a client's own X-Forwarded-For never reaches it.
 */
export function registerBetterAuthRoutes(app: FastifyInstance, limited: LimitCheck): void {
  const { auth, botcheck } = app;
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    preHandler: [
      async (request) => {
        const { pathname } = new URL(request.url, `${request.protocol}://${request.host}`);
        if (!AUTH_ENDPOINTS.has(`${request.method} ${pathname}`)) {
          throw new AppError("NOT_FOUND", `No route for ${request.method} ${pathname}`);
        }
      },
      limited,
    ],
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      if (request.method === "POST" && BOTCHECKED_PATHS.has(url.pathname)) await botcheck.require(request);

      const headers = fromNodeHeaders(request.headers);
      headers.delete("x-real-ip");
      headers.set("x-forwarded-for", request.ip);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
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
