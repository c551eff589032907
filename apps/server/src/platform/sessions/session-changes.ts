import pg from "pg";

/** The channel the database's triggers tell of changed sessions and accounts on (session_change_notify). */
export const SESSION_CHANGES_CHANNEL = "sams_web_sessions";
/** How the listening connection names itself to the database (pg_stat_activity). */
export const SESSION_CHANGES_APPLICATION_NAME = "sams-web session changes";

/**
 * What the database says about signed-in people changing, as heard by this instance: a user's
 * sessions or account changed (`userId`), or anything may have changed unheard (`null`: the
 * connection that listens was lost or has just been made).
 */
export interface SessionChanges {
  /** True only while this instance is sure to hear every change (its listening connection is up). */
  readonly listening: boolean;
  onChange(listener: (userId: string | null) => void): void;
  close(): Promise<void>;
}

export interface SessionChangesOptions {
  /** First wait before listening again after a lost connection; doubled on each failed try. Default 250 ms. */
  reconnectInitialMs?: number;
  /** The longest wait between two tries. Default 5 s. */
  reconnectMaxMs?: number;
  /**
   * How often the connection is checked to still answer. A connection can die without a word (a
   * network partition), and until a check fails this instance believes it hears every change.
   * Default 5 s, answered within a third of that.
   */
  pingIntervalMs?: number;
}

/**
 * Listens on SESSION_CHANGES_CHANNEL with a connection of its own, for as long as the service
 * runs: a lost connection is made again with capped exponential backoff. `listening` is false from
 * the moment the connection is lost until it listens again, and every listener hears `null` on both
 * edges, so a cache built on it is emptied and bypassed meanwhile.
 */
export async function listenForSessionChanges(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
  options: SessionChangesOptions = {},
): Promise<SessionChanges> {
  const initialDelay = options.reconnectInitialMs ?? 250;
  const maxDelay = options.reconnectMaxMs ?? 5_000;
  const pingInterval = options.pingIntervalMs ?? 5_000;
  const listeners: ((userId: string | null) => void)[] = [];
  const tell = (userId: string | null) => {
    for (const listener of listeners) listener(userId);
  };
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString,
      application_name: SESSION_CHANGES_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: maxDelay,
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
        tell(null);
        reconnect(0);
      }
    };
    client.on("notification", (message) => {
      if (message.channel === SESSION_CHANGES_CHANNEL && message.payload) tell(message.payload);
    });
    client.on("error", onLost);
    client.on("end", () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANGES_CHANNEL}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    // Whatever changed before this connection listened went unheard.
    tell(null);
    current = client;
    ping = setInterval(() => {
      client.query("select 1").catch(onLost);
    }, pingInterval);
    ping.unref();
  };

  const reconnect = (attempt: number): void => {
    if (closed) return;
    const delay = Math.min(maxDelay, initialDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        onError(error);
        reconnect(attempt + 1);
      });
    }, delay);
    retry.unref();
  };

  await connect();

  return {
    get listening() {
      return current !== undefined && !closed;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      const client = current;
      current = undefined;
      tell(null);
      await client?.end().catch(() => {});
    },
  };
}
