import {
  ANALYTICS_EVENTS_PATH,
  type AnalyticsEventInput,
  type AnalyticsEventName,
} from "@sams-web/domain/consent/contracts";
import { analyticsEnabled } from "@sams-web/domain/consent/rules";
import { getPreferences } from "./cookie-preferences.ts";

/**
 * Records a page view or a named product event on our own server, only while analytics consent
 * is on (read at the moment of the event, so switching it off stops collection at once). Fire
 * and forget: analytics must never disturb the page, so failures are dropped.
 */
export function trackEvent(name: AnalyticsEventName, path = window.location.pathname): void {
  if (!analyticsEnabled(getPreferences())) return;
  const event: AnalyticsEventInput = { name, path, consent: { analytics: true } };
  void fetch(ANALYTICS_EVENTS_PATH, {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(event),
  }).catch(() => {});
}
