// The notifications' resources as the browser calls them. Types only, free of zod: Settings and
// the service worker's page import it.
import { APP_PATHS } from "../shell/routes.ts";
import type { EmailKind } from "./rules.ts";

/** GET the signed-in person's email choices; PATCH one or more switches. */
export const NOTIFICATION_SETTINGS_PATH = "/api/notifications/settings";

export type EmailChoices = Record<EmailKind, boolean>;

export interface NotificationSettingsResponse {
  email: EmailChoices;
}

/** GET: the public key (VAPID) a browser subscribes with. */
export const PUSH_KEY_PATH = "/api/notifications/push-key";

export interface PushKeyResponse {
  /** The application server key, base64url (an uncompressed P-256 point). */
  publicKey: string;
}

/**
 * PUT this device's push subscription (the browser's PushSubscription as JSON): it is bound to
 * the signed-in person and to this sign-in, so signing out removes it. DELETE with `{ endpoint }`
 * removes it.
 */
export const PUSH_SUBSCRIPTION_PATH = "/api/notifications/push-subscription";

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The one-click unsubscribe address of an email (RFC 8058): `GET` is the web app's page, which
 * only shows a button; `POST` (from that button, or from the mail program, with the body
 * `List-Unsubscribe=One-Click`) turns that kind of email off. The signed token in UNSUBSCRIBE_TOKEN_PARAM
 * says whose and which, so no sign-in is needed.
 */
export const UNSUBSCRIBE_PATH = APP_PATHS.unsubscribe;
export const UNSUBSCRIBE_TOKEN_PARAM = "t";
/** The body a mail program posts for a one-click unsubscribe (RFC 8058). */
export const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

/** GET with the token: which kind of email the link stops (changes nothing). */
export const UNSUBSCRIBE_INFO_PATH = "/api/notifications/unsubscribe";

export interface UnsubscribeInfoResponse {
  kind: EmailKind;
}

export interface UnsubscribeResponse {
  kind: EmailKind;
  message: string;
}
