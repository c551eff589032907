import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Confirms a password reset with the code and the new password. */
export function resetPassword(input: { oobCode: string; newPassword: string }): Promise<{ reset: true }> {
  return apiFetch(ACCOUNTS_PATHS.resetPassword, { method: "POST", json: input });
}
