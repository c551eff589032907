import { CONSENT_PATH, type ConsentResponse } from "@sams-web/domain/consent/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** users/{uid}/profile/privacySettings, read. */
export function getConsent(): Promise<ConsentResponse> {
  return apiFetch<ConsentResponse>(CONSENT_PATH);
}
