import {
  BROWSER_ID_HEADER,
  PRIVACY_REQUESTS_PATH,
  type PrivacyRequestsResponse,
} from "@sams-web/domain/privacy/contracts";
import { apiFetch } from "../../../lib/api-client.ts";
import { getBrowserId } from "../browser-id.ts";

/** Under the 'consent' topic, so a request made in another tab shows here live. */
export const privacyRequestsQueryKey = (owner: string) => ["consent", "privacy-requests", owner] as const;

export function getPrivacyRequests(): Promise<PrivacyRequestsResponse> {
  return apiFetch<PrivacyRequestsResponse>(PRIVACY_REQUESTS_PATH, {
    headers: { [BROWSER_ID_HEADER]: getBrowserId() },
  });
}
