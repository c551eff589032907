import { ANALYTICS_EVENTS_PATH, type AnalyticsEventInput } from "@sams-web/domain/consent/contracts";

/** Fire and forget: analytics must never disturb the page, so failures are dropped. */
export function sendAnalyticsEvent(event: AnalyticsEventInput): void {
  void fetch(ANALYTICS_EVENTS_PATH, {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(event),
  }).catch(() => {});
}
