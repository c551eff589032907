import type { PushPayload } from "@sams-web/domain/notifications/rules";
import { NOTICE_KINDS } from "@sams-web/domain/notifications/rules";

/** What the page says to the service worker. */
export type SwMessage = { type: "SKIP_WAITING" };

/** A push we sent: checked before it is shown, and its address must be a path of ours. */
export function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== "object" || value === null) return false;
  const { title, body, url, tag } = value as Record<string, unknown>;
  return (
    typeof title === "string" &&
    typeof body === "string" &&
    typeof url === "string" &&
    url.startsWith("/") &&
    !url.startsWith("//") &&
    (NOTICE_KINDS as readonly unknown[]).includes(tag)
  );
}
