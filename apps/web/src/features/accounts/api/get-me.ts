import { ACCOUNTS_PATHS, type MeResponse } from "@sams-web/domain/accounts/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

export function getMe(): Promise<MeResponse> {
  return apiFetch(ACCOUNTS_PATHS.me);
}
