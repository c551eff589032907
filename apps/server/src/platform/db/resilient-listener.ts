import pg from "pg";

export interface ResilientListenerOptions {
  /** How the listening connection names itself to the database (pg_stat_activity). */
  applicationName?: string;
  /** First wait before listening again after a lost connection; doubled on each failed try. Default 250 ms. */
  reconnectInitialMs?: number;
  /** The longest wait between two tries. Default 5 s. */
  reconnectMaxMs?: number;
  /**
   * How often the connection is checked to still answer. A connection can die without a word (a
   * network partition), and until a check fails the listener believes it hears everything.
   * Answered within a third of it (at least 500 ms).
   */
  pingIntervalMs: number;
}

export interface ResilientListenerHandlers {
  /** A notification's payload on the channel (empty payloads are dropped). */
  onNotify(payload: string): void;
  /** The listening connection was lost: whatever is sent from now until `onListening` goes unheard. */
  onLost?(): void;
  /** The connection listens; `again` is true after a loss, false for the first connection. */
  onListening?(again: boolean): void;
  /** A connection failed or broke; the listener carries on trying. */
  onError?(error: unknown): void;
}

export interface ResilientListener {
  /** True while a connection is listening. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on one channel with a connection of its own for as long as the service runs: a lost
 * connection (database restarted or unreachable, or a ping that goes unanswered) is made again
 * with capped exponential backoff and jitter, for as long as it takes. Resolves once the first
 * connection listens; rejects if that first connection cannot be made.
 */
export async function listenResiliently(
  connectionString: string,
  channel: string,
  handlers: ResilientListenerHandlers,
  options: ResilientListenerOptions,
): Promise<ResilientListener> {
  const initialDelay = options.reconnectInitialMs ?? 250;
  const maxDelay = options.reconnectMaxMs ?? 5_000;
  const pingInterval = options.pingIntervalMs;
  const onError = handlers.onError ?? (() => {});
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const connect = async (again: boolean): Promise<void> => {
    const client = new pg.Client({
      connectionString,
      application_name: options.applicationName,
      keepAlive: true,
      connectionTimeoutMillis: maxDelay,
      // Its only queries are LISTEN and the ping: one unanswered for this long means a dead link.
      query_timeout: Math.max(500, Math.floor(pingInterval / 3)),
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) onError(error);
      client.end().catch(() => {});
      if (current === client) {
        current = undefined;
        clearInterval(ping);
        handlers.onLost?.();
        reconnect(0);
      }
    };
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) handlers.onNotify(message.payload);
    });
    client.on("error", onLost);
    client.on("end", () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    ping = setInterval(() => {
      client.query("select 1").catch(onLost);
    }, pingInterval);
    ping.unref();
    handlers.onListening?.(again);
  };

  const reconnect = (attempt: number): void => {
    if (closed) return;
    const delay = Math.min(maxDelay, initialDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
    retry = setTimeout(() => {
      connect(true).catch((error: unknown) => {
        onError(error);
        reconnect(attempt + 1);
      });
    }, delay);
    retry.unref();
  };

  await connect(false);

  return {
    get listening() {
      return current !== undefined && !closed;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
