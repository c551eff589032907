import { CONSENT_PATH, type ConsentResponse } from "@sams-web/domain/consent/contracts";
import type { CookiePreferences } from "@sams-web/domain/consent/rules";
import { apiFetch } from "../../../lib/api-client.ts";

/** users/{uid}/profile/privacySettings, set; null clears expired preferences. */
export function putConsent(preferences: CookiePreferences | null): Promise<ConsentResponse> {
  return apiFetch<ConsentResponse>(CONSENT_PATH, { method: "PUT", json: { preferences } });
}
