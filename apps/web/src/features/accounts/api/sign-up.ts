import { apiFetch } from "../../../lib/api-client.ts";

/** Creates the account (and its profile, server side) and signs in, behind the bot check. */
export function signUp(input: { name: string; email: string; password: string }): Promise<unknown> {
  return apiFetch("/api/auth/sign-up/email", { method: "POST", json: input, botcheck: true });
}
