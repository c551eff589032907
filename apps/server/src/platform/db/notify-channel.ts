import pg from "pg";

/** One PostgreSQL NOTIFY channel: send on it, and hear what every instance sends. */
export interface NotifyChannel {
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` over a connection of its own, re-established when it is lost, so a
 * database restart does not silence the channel for good; notifications go out through a
 * small pool of their own.
 */
export async function openNotifyChannel(options: {
  connectionString: string;
  channel: string;
  onPayload: (payload: string) => void;
  onError: (error: unknown) => void;
}): Promise<NotifyChannel> {
  const { connectionString, channel, onPayload, onError } = options;
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on("error", onError);
  let listener: pg.Client | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      if (message.payload) onPayload(message.payload);
    });
    client.on("error", (error) => {
      onError(error);
      client.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(onError), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    listener = client;
  };
  await connect();

  return {
    async notify(payload) {
      await publisher.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await publisher.end();
    },
  };
}
