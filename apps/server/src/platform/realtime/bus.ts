import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import { realtimeEventSchema } from "@sams-web/domain/api/schemas";
import pg from "pg";

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
 * A lost listener connection (database restarted or unreachable, or a ping that goes
 * unanswered) is re-established with capped exponential backoff, for as long as it takes. What
 * was published meanwhile never reached this instance, so once it listens again every local
 * subscriber gets a `resync` event: open tabs refetch what they show.
 */
export async function createPostgresBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
  options: PostgresBusOptions = {},
): Promise<RealtimeBus> {
  const initialDelay = options.reconnectInitialMs ?? 250;
  const maxDelay = options.reconnectMaxMs ?? 5_000;
  const pingInterval = options.pingIntervalMs ?? 15_000;
  const fanout = new LocalFanout();
  const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: maxDelay });
  publisher.on("error", onError);
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: maxDelay,
      // Its only queries are LISTEN and the ping: one unanswered for this long means a dead link.
      query_timeout: Math.max(1000, pingInterval / 3),
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) onError(error);
      client.end().catch(() => {});
      if (listener === client) {
        listener = undefined;
        clearInterval(ping);
        reconnect(0);
      }
    };
    client.on("notification", (message) => {
      if (!message.payload) return;
      try {
        const { userId, event } = JSON.parse(message.payload) as { userId: string; event: unknown };
        const parsed = realtimeEventSchema.safeParse(event);
        if (parsed.success) fanout.deliver(userId, parsed.data);
      } catch (error) {
        onError(error);
      }
    });
    client.on("error", onLost);
    client.on("end", () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return client;
    }
    listener = client;
    // A connection can die without a word (a network partition): an unanswered ping ends it.
    ping = setInterval(() => {
      client.query("select 1").catch(onLost);
    }, pingInterval);
    ping.unref();
    return client;
  };

  const reconnect = (attempt: number): void => {
    if (closed) return;
    const delay = Math.min(maxDelay, initialDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!closed) fanout.deliverToAll({ topic: "resync" });
        },
        (error: unknown) => {
          onError(error);
          reconnect(attempt + 1);
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();

  return {
    async publish(userId, event) {
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe: (userId, listenerFn) => fanout.subscribe(userId, listenerFn),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      await listener?.end().catch(() => {});
      await publisher.end();
    },
  };
}
