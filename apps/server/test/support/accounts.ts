import type { FastifyInstance } from "fastify";
import { solveBotcheck } from "./helpers.ts";
import { mailsTo } from "./outbox.ts";

export const ORIGIN = "http://localhost:3000";

/** Waits for the outbox mail to `to` whose link goes to `page`, and returns the link's oobCode. */
export async function oobCodeFromOutbox(dataDir: string, to: string, page: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Newest first: a code sent again replaces the one before.
    for (const mail of (await mailsTo({ config: { dataDir } }, to)).reverse()) {
      const code = oobCodeIn(mail.text, page);
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${page} mail to ${to} in ${dataDir}/outbox`);
}

/** The oobCode of the `${page}?oobCode=` link in a mail's text (quoted-printable soft breaks undone). */
export function oobCodeIn(mail: string, page: string): string | null {
  const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(new RegExp(`${page}\\?oobCode=([A-Za-z0-9_-]+)`));
  return match?.[1] ?? null;
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { cookie?: string; botcheck?: boolean; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.botcheck) headers["x-botcheck"] = await solveBotcheck(app);
  return app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: options.remoteAddress });
}

export function cookieOf(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

export async function logIn(app: FastifyInstance, email: string, password: string) {
  return post(app, "/api/auth/sign-in/email", { email, password }, { botcheck: true });
}
