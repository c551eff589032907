import { apiFetch } from "../../../lib/api-client.ts";

/** Email and password sign-in (Better Auth), behind the bot check. */
export function signIn(input: { email: string; password: string }): Promise<unknown> {
  return apiFetch("/api/auth/sign-in/email", { method: "POST", json: input, botcheck: true });
}
