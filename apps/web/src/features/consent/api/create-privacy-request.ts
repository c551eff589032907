import {
  BROWSER_ID_HEADER,
  PRIVACY_REQUESTS_PATH,
  type PrivacyRequestKind,
  type PrivacyRequestView,
} from "@sams-web/domain/privacy/contracts";
import { apiFetch } from "../../../lib/api-client.ts";
import { getBrowserId } from "../browser-id.ts";

export async function createPrivacyRequest(kind: PrivacyRequestKind): Promise<PrivacyRequestView> {
  const body = await apiFetch<{ request: PrivacyRequestView }>(PRIVACY_REQUESTS_PATH, {
    method: "POST",
    headers: { [BROWSER_ID_HEADER]: getBrowserId() },
    json: { kind },
  });
  return body.request;
}
