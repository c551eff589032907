import { EVENTS_PATH, isRealtimeEvent, SIGNED_OUT_EVENT, SUPERSEDED_EVENT } from "@sams-web/domain/api/realtime";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refreshSession } from "./session.ts";

/** The tab's one listener, shared by every part of the page that asks for it. */
let listener: { userId: string; users: number; stop: () => void } | null = null;

/**
 * While a user is signed in, one EventSource per tab listens for changes and invalidates the
 * queries under the changed topic, so every screen shows them without polling. Several parts of a
 * page may ask for it (the header's pending-match link, the screen below): they share one stream.
 */
export function useRealtime(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    if (listener?.userId !== userId) {
      listener?.stop();
      listener = { userId, users: 0, stop: listen(queryClient) };
    }
    const mine = listener;
    mine.users += 1;
    return () => {
      mine.users -= 1;
      if (mine.users > 0) return;
      mine.stop();
      if (listener === mine) listener = null;
    };
  }, [userId, queryClient]);
}

function listen(queryClient: QueryClient): () => void {
  let source: EventSource | undefined;
  const connect = () => {
    source = new EventSource(EVENTS_PATH, { withCredentials: true });
    source.addEventListener("change", (message) => {
      const event: unknown = JSON.parse((message as MessageEvent<string>).data);
      if (!isRealtimeEvent(event)) return;
      // After a resync the server may have missed any change: everything shown is refetched.
      void queryClient.invalidateQueries(event.topic === "resync" ? undefined : { queryKey: [event.topic] });
    });
    // Too many tabs listen: this one, the oldest, steps aside until it is looked at again, then
    // listens again and refetches what it may have missed.
    source.addEventListener(SUPERSEDED_EVENT, () => {
      source?.close();
      source = undefined;
    });
    // The session behind this tab ended (signed out elsewhere, suspended, password reset): the
    // stream is over, and the page learns it is signed out.
    source.addEventListener(SIGNED_OUT_EVENT, () => {
      source?.close();
      source = undefined;
      void refreshSession();
    });
  };
  const onVisible = () => {
    if (document.visibilityState !== "visible" || source) return;
    connect();
    void queryClient.invalidateQueries();
  };
  connect();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    document.removeEventListener("visibilitychange", onVisible);
    source?.close();
  };
}
