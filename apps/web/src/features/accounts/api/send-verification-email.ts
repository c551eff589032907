import { call } from "../../../lib/api-client.ts";

/** sendCustomVerificationEmail: mails a fresh verification link to the signed-in user. */
export function sendVerificationEmail(): Promise<{ sent: boolean; alreadyVerified: boolean }> {
  return call("sendCustomVerificationEmail", {});
}
