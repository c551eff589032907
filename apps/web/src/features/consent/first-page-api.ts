import {
  CONSENT_CONFIG_PATH,
  CONSENT_PATH,
  type ConsentConfigResponse,
  type ConsentResponse,
} from "@sams-web/domain/consent/contracts";
import type { CookiePreferences } from "@sams-web/domain/consent/rules";
import { apiFetch } from "../../lib/api-client.ts";

// The calls of the code the cookie banner loads on demand (the ad pixel, the profile sync), on
// every page and the first one too. Kept apart from api.ts, which brings the query library: a
// module ships whole with the first chunk that imports it, and the first page has no room for it.

/** The ad pixel's id, when the server has one. */
export function getConsentConfig(): Promise<ConsentConfigResponse> {
  return apiFetch<ConsentConfigResponse>(CONSENT_CONFIG_PATH);
}

/** The profile's copy of the cookie preferences, read. */
export function getConsent(): Promise<ConsentResponse> {
  return apiFetch<ConsentResponse>(CONSENT_PATH);
}

/** The profile's copy of the cookie preferences, set; null clears expired preferences. */
export function putConsent(preferences: CookiePreferences | null): Promise<ConsentResponse> {
  return apiFetch<ConsentResponse>(CONSENT_PATH, { method: "PUT", json: { preferences } });
}
