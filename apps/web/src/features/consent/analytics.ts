import type { AnalyticsEventName } from "@sams-web/domain/consent/contracts";
import { analyticsEnabled } from "@sams-web/domain/consent/rules";
import { sendAnalyticsEvent } from "./api/send-analytics-event.ts";
import { getPreferences } from "./consent-store.ts";

/**
 * Records a page view or a named product event on our own server, only while analytics consent
 * is on (read at the moment of the event, so switching it off stops collection at once).
 */
export function trackEvent(name: AnalyticsEventName, path = window.location.pathname): void {
  if (!analyticsEnabled(getPreferences())) return;
  sendAnalyticsEvent({ name, path, consent: { analytics: true } });
}
