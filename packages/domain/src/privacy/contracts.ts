// The privacy feature's resources: California privacy requests and the data export. Types only,
// free of zod: the browser imports it; the server's schemas are in schemas.ts.

/** California requests: POST records one, GET lists the asker's own. */
export const PRIVACY_REQUESTS_PATH = "/api/privacy-requests";
/** Everything we hold about the signed-in person, as one ZIP archive. */
export const EXPORT_PATH = "/api/export";

/** Header a guest's browser sends so its requests bind to that browser. */
export const BROWSER_ID_HEADER = "x-browser-id";
/** Where the browser keeps its random id (localStorage). */
export const BROWSER_ID_KEY = "samsWebBrowserId";

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
