import { ACCOUNTS_PATHS, type AccountOptionsResponse } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Whether Google sign-in is configured on this server. */
export function getAccountOptions(): Promise<AccountOptionsResponse> {
  return apiFetch(ACCOUNTS_PATHS.options);
}
