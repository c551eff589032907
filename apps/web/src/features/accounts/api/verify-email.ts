import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Applies an email verification code (oobCode) from the emailed link. */
export function verifyEmail(oobCode: string): Promise<{ verified: true }> {
  return apiFetch(ACCOUNTS_PATHS.verifyEmail, { method: "POST", json: { oobCode } });
}
