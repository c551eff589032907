// The consent feature's resources (SPEC.md sections 2, 3, 4 and 7). Types only, free of zod: the
// browser imports it; the server's zod contracts are in consent-contracts.ts.
import type { CookiePreferences } from "./consent-rules.ts";

/** users/{uid}/profile/privacySettings: GET reads it, PUT sets it (null clears expired preferences). */
export const CONSENT_PATH = "/api/consent";
/** California requests: POST records one, GET lists the asker's own. */
export const PRIVACY_REQUESTS_PATH = "/api/privacy-requests";
/** First-party analytics events. */
export const ANALYTICS_EVENTS_PATH = "/api/analytics/events";
/** Public settings the browser needs for consent: the ad pixel id (null = no pixel). */
export const CONSENT_CONFIG_PATH = "/api/consent/config";
export interface ConsentConfigResponse {
  adPixelId: string | null;
}
/** Everything we hold about the signed-in person, as one ZIP archive. */
export const EXPORT_PATH = "/api/export";

/** Header a guest's browser sends so its requests bind to that browser. */
export const BROWSER_ID_HEADER = "x-browser-id";
/** Where the browser keeps its random id (localStorage). */
export const BROWSER_ID_KEY = "samsWebBrowserId";

export interface ConsentResponse {
  preferences: CookiePreferences | null;
}

/** 'Submit Opt-Out Request' (do not sell or share) and 'Submit Limit Request' (sensitive data). */
export const PRIVACY_REQUEST_KINDS = ["optOut", "limit"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export interface PrivacyRequestView {
  id: string;
  kind: PrivacyRequestKind;
  /** ms timestamps */
  createdAt: number;
  answeredAt: number;
  /** The answer shown on screen. */
  message: string;
}

export interface PrivacyRequestsResponse {
  requests: PrivacyRequestView[];
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
