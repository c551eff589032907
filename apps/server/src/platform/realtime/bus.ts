import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import { realtimeEventSchema } from "@sams-web/domain/api/schemas";
import pg from "pg";
import { listenResiliently } from "../db/resilient-listener.ts";

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

  deliverToAll(event: RealtimeEvent): void {
    for (const set of this.listeners.values()) for (const listener of set) listener(event);
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

export interface PostgresBusOptions {
  /** First wait before reconnecting a lost listener; doubled on each failed try. Default 250 ms. */
  reconnectInitialMs?: number;
  /** The longest wait between two tries. Default 5 s. */
  reconnectMaxMs?: number;
  /** How often the listener checks that its connection still answers. Default 15 s. */
  pingIntervalMs?: number;
}

/**
 * Several instances behind a balancer: every publish goes through Postgres NOTIFY, and each
 * instance LISTENs and delivers to its own connected tabs.
 *
 * A lost listener connection is made again for as long as it takes (see listenResiliently). What
 * was published meanwhile never reached this instance, so once it listens again every local
 * subscriber gets a `resync` event: open tabs refetch what they show.
 */
export async function createPostgresBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
  options: PostgresBusOptions = {},
): Promise<RealtimeBus> {
  const fanout = new LocalFanout();
  const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: options.reconnectMaxMs ?? 5_000 });
  publisher.on("error", onError);
  const listener = await listenResiliently(
    connectionString,
    CHANNEL,
    {
      onNotify(payload) {
        try {
          const { userId, event } = JSON.parse(payload) as { userId: string; event: unknown };
          const parsed = realtimeEventSchema.safeParse(event);
          if (parsed.success) fanout.deliver(userId, parsed.data);
        } catch (error) {
          onError(error);
        }
      },
      onListening(again) {
        if (again) fanout.deliverToAll({ topic: "resync" });
      },
      onError,
    },
    {
      reconnectInitialMs: options.reconnectInitialMs,
      reconnectMaxMs: options.reconnectMaxMs,
      applicationName: "sams-web events",
      pingIntervalMs: options.pingIntervalMs ?? 15_000,
    },
  );

  return {
    async publish(userId, event) {
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe: (userId, onEvent) => fanout.subscribe(userId, onEvent),
    async close() {
      await listener.close();
      await publisher.end();
    },
  };
}
