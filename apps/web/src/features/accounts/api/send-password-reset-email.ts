import { call } from "../../../lib/api-client.ts";

/** sendCustomPasswordResetEmail: the answer is neutral whether or not the account exists. */
export function sendPasswordResetEmail(email: string): Promise<unknown> {
  return call("sendCustomPasswordResetEmail", { email }, { botcheck: true });
}
