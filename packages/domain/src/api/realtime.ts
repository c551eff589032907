// What changed for a user. The web app maps each topic onto the TanStack Query keys it
// invalidates, so an event carries no private data: the tab refetches through the API.
// Free of zod on purpose: the browser's first page imports it (schemas.ts holds the schema).
export const REALTIME_TOPICS = ["profile", "conversation", "matches", "photos", "consent", "search"] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

export interface RealtimeEvent {
  topic: RealtimeTopic;
  /** Optional free detail for the listener, never private text (e.g. a search progress code). */
  detail?: string;
}

export const EVENTS_PATH = "/api/events";

export function isRealtimeEvent(value: unknown): value is RealtimeEvent {
  if (typeof value !== "object" || value === null) return false;
  const { topic, detail } = value as Record<string, unknown>;
  return (
    (REALTIME_TOPICS as readonly unknown[]).includes(topic) &&
    (detail === undefined || (typeof detail === "string" && detail.length <= 200))
  );
}
