import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Deletes the signed-in account; without a recent login the server asks for re-authentication. */
export function deleteAccount(input: { confirmation: string; password?: string }): Promise<{ deleted: true }> {
  return apiFetch(ACCOUNTS_PATHS.deleteAccount, { method: "POST", json: input });
}
