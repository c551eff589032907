import { listenResiliently } from "../db/resilient-listener.ts";

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
  /** How often the connection is checked to still answer. Default 5 s. */
  pingIntervalMs?: number;
}

/**
 * Listens on SESSION_CHANGES_CHANNEL with a connection of its own, for as long as the service
 * runs (see listenResiliently). `listening` is false from the moment the connection is lost until
 * it listens again, and every listener hears `null` on both edges, so a cache built on it is
 * emptied and bypassed meanwhile.
 */
export async function listenForSessionChanges(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
  options: SessionChangesOptions = {},
): Promise<SessionChanges> {
  const listeners: ((userId: string | null) => void)[] = [];
  const tell = (userId: string | null) => {
    for (const listener of listeners) listener(userId);
  };
  const connection = await listenResiliently(
    connectionString,
    SESSION_CHANGES_CHANNEL,
    {
      onNotify: tell,
      onLost: () => tell(null),
      // Whatever changed before this connection listened went unheard.
      onListening: () => tell(null),
      onError,
    },
    {
      applicationName: SESSION_CHANGES_APPLICATION_NAME,
      reconnectInitialMs: options.reconnectInitialMs,
      reconnectMaxMs: options.reconnectMaxMs,
      pingIntervalMs: options.pingIntervalMs ?? 5_000,
    },
  );

  return {
    get listening() {
      return connection.listening;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      await connection.close();
      tell(null);
    },
  };
}
