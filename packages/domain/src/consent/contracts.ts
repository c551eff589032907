// The consent feature's resources: cookie preferences on the profile, the public consent settings
// and first-party analytics events. Types only, free of zod: the browser imports it; the server's
// schemas are in schemas.ts.
import type { CookiePreferences } from "./rules.ts";

/** users/{uid}/profile/privacySettings: GET reads it, PUT sets it (null clears expired preferences). */
export const CONSENT_PATH = "/api/consent";
/** First-party analytics events. */
export const ANALYTICS_EVENTS_PATH = "/api/analytics/events";
/** Public settings the browser needs for consent: the ad pixel id (null = no pixel). */
export const CONSENT_CONFIG_PATH = "/api/consent/config";
export interface ConsentConfigResponse {
  adPixelId: string | null;
}

export interface ConsentResponse {
  preferences: CookiePreferences | null;
}

/** Page views and a few named product events; nothing else is accepted. */
export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "sign_up",
  "login",
  "chat_message_sent",
  "search_started",
  "photos_saved",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export interface AnalyticsEventInput {
  name: AnalyticsEventName;
  /** The route path only (no query string: it may carry codes such as oobCode). */
  path: string;
  /** The browser's consent state at the time; the server refuses the event unless analytics is on. */
  consent: { analytics: boolean };
}
