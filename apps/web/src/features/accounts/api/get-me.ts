import { ACCOUNTS_PATHS, type MeResponse } from "@sams-web/domain/accounts-paths";
import { apiFetch } from "../../../lib/api-client.ts";

export function getMe(): Promise<MeResponse> {
  return apiFetch(ACCOUNTS_PATHS.me);
}
