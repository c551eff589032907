// What changed for a user. The web app maps each topic onto the TanStack Query keys it
// invalidates, so an event carries no private data: the tab refetches through the API.
// Free of zod on purpose: the browser's first page imports it (schemas.ts holds the schema).
// "resync" names no data: the server may have missed changes (its database connection was lost
// and is back), so a tab refetches everything it shows.
// "session" stays on the server: a session of the user ended (sign-out, suspension, a password
// reset, deletion), and each of their open streams checks whether it was its own.
export const REALTIME_TOPICS = [
  "profile",
  "conversation",
  "matches",
  "photos",
  "consent",
  "search",
  "notifications",
  "resync",
  "session",
] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

export interface RealtimeEvent {
  topic: RealtimeTopic;
  /** Optional free detail for the listener, never private text (e.g. a search progress code). */
  detail?: string;
}

export const EVENTS_PATH = "/api/events";

/**
 * Open event streams per person on one server: a new one closes the oldest, which hears
 * SUPERSEDED_EVENT first and does not reconnect until its tab is looked at again, so a script
 * cannot hold thousands of connections and eleven tabs do not evict each other in turn.
 */
export const MAX_EVENT_STREAMS_PER_PERSON = 10;
export const SUPERSEDED_EVENT = "superseded";

/**
 * A stream whose session has ended (signed out, suspended, password reset, account deleted) hears
 * this and is closed at once: nothing more reaches a tab that is no longer signed in.
 */
export const SIGNED_OUT_EVENT = "signed-out";

export function isRealtimeEvent(value: unknown): value is RealtimeEvent {
  if (typeof value !== "object" || value === null) return false;
  const { topic, detail } = value as Record<string, unknown>;
  return (
    (REALTIME_TOPICS as readonly unknown[]).includes(topic) &&
    (detail === undefined || (typeof detail === "string" && detail.length <= 200))
  );
}
