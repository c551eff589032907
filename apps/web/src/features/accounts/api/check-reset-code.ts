import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Checks a password reset code without using it; answers the account's email. */
export function checkResetCode(oobCode: string): Promise<{ email: string }> {
  return apiFetch(ACCOUNTS_PATHS.checkResetCode, { method: "POST", json: { oobCode } });
}
