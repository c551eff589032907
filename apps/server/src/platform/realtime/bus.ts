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
 * Several instances behind a balancer: every publish goes through Postgres NOTIFY, and each
 * instance LISTENs and delivers to its own connected tabs. A lost listener connection is
 * re-established, so a database restart does not silence the live updates for good.
 */
export async function createPostgresBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Promise<RealtimeBus> {
  const fanout = new LocalFanout();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on("error", onError);
  let listener: pg.Client | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
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
    client.on("error", (error) => {
      onError(error);
      client.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(onError), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };
  await connect();

  return {
    async publish(userId, event) {
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe: (userId, listenerFn) => fanout.subscribe(userId, listenerFn),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await publisher.end();
    },
  };
}
