import { EVENTS_PATH, isRealtimeEvent } from "@sams-web/domain/api/realtime";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * While a user is signed in, one EventSource per tab listens for changes and invalidates the
 * queries under the changed topic, so every screen shows them without polling.
 */
export function useRealtime(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const source = new EventSource(EVENTS_PATH, { withCredentials: true });
    source.addEventListener("change", (message) => {
      const event: unknown = JSON.parse((message as MessageEvent<string>).data);
      if (isRealtimeEvent(event)) void queryClient.invalidateQueries({ queryKey: [event.topic] });
    });
    return () => source.close();
  }, [userId, queryClient]);
}
