import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import { realtimeEventSchema } from "@sams-web/domain/api/schemas";
import { openNotifyChannel } from "../db/notify-channel.ts";

export type RealtimeListener = (event: RealtimeEvent) => void;

/** Delivers per-user change events to every open tab of that user, on any instance. */
export interface RealtimeBus {
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  subscribe(userId: string, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

class LocalFanout {
  private readonly listeners = new Map<string, Set<RealtimeListener>>();

  deliver(userId: string, event: RealtimeEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(event);
  }

  subscribe(userId: string, listener: RealtimeListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }
}

/** One process: events go straight to the local listeners. */
export function createInProcessBus(): RealtimeBus {
  const fanout = new LocalFanout();
  return {
    async publish(userId, event) {
      fanout.deliver(userId, event);
    },
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    async close() {},
  };
}

const CHANNEL = "sams_web_events";

/**
 * Several instances behind a balancer: every publish goes through a PostgreSQL NOTIFY channel,
 * and each instance hears it and delivers to its own connected tabs.
 */
export async function createPostgresBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Promise<RealtimeBus> {
  const fanout = new LocalFanout();
  const channel = await openNotifyChannel({
    connectionString,
    channel: CHANNEL,
    onError,
    onPayload: (payload) => {
      try {
        const { userId, event } = JSON.parse(payload) as { userId: string; event: unknown };
        const parsed = realtimeEventSchema.safeParse(event);
        if (parsed.success) fanout.deliver(userId, parsed.data);
      } catch (error) {
        onError(error);
      }
    },
  });

  return {
    async publish(userId, event) {
      await channel.notify(JSON.stringify({ userId, event }));
    },
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    close: () => channel.close(),
  };
}
