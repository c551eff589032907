import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP gate in front of PostgreSQL with one entrance per client process: connections pass
 * straight through, except those whose startup message names `application_name` = `hold`. Those
 * wait, their bytes kept, until every entrance has one waiting; then all of them reach the
 * database at the same moment, and later ones pass. So the work those connections start (pg-boss
 * creating its queues, say) begins at once in every process, as it would in instances started
 * together, however differently fast each process got there.
 */
export async function startConnectionGate(options: {
  upstreamPort: number;
  entrances: number;
  hold: string;
}): Promise<{ ports: number[]; released: Promise<void>; close: () => Promise<void> }> {
  const held: { socket: Socket; bytes: Buffer[] }[][] = Array.from({ length: options.entrances }, () => []);
  const sockets = new Set<Socket>();
  let open = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });

  const pass = (client: Socket, bytes: Buffer[]) => {
    const upstream = connect(options.upstreamPort, "127.0.0.1");
    sockets.add(upstream);
    for (const chunk of bytes) upstream.write(chunk);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  };

  const openIfAllWaiting = () => {
    if (open || held.some((waiting) => waiting.length === 0)) return;
    open = true;
    for (const waiting of held) for (const { socket, bytes } of waiting.splice(0)) pass(socket, bytes);
    release();
  };

  const servers: Server[] = [];
  const ports: number[] = [];
  for (let entrance = 0; entrance < options.entrances; entrance += 1) {
    const server = createServer((client) => {
      sockets.add(client);
      const bytes: Buffer[] = [];
      const onData = (chunk: Buffer) => {
        bytes.push(chunk);
        const message = startupParameters(Buffer.concat(bytes));
        if (message === undefined) return;
        // Paused until it passes: piping it upstream lets its bytes flow again.
        client.off("data", onData);
        client.pause();
        if (!open && message?.application_name === options.hold) {
          held[entrance]?.push({ socket: client, bytes });
          openIfAllWaiting();
        } else {
          pass(client, bytes);
        }
      };
      client.on("data", onData);
      client.on("error", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address !== "object" || !address) throw new Error("the gate has no port");
    servers.push(server);
    ports.push(address.port);
  }

  return {
    ports,
    released,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/**
 * The parameters of a PostgreSQL startup message at the start of `bytes` (Int32 length, Int32
 * protocol 3.0, then name\0value\0 pairs): undefined while it has not all arrived, null when the
 * connection starts with something else (an SSL or cancel request), which then just passes.
 */
function startupParameters(bytes: Buffer): Record<string, string> | null | undefined {
  if (bytes.length < 8) return undefined;
  const length = bytes.readInt32BE(0);
  if (bytes.readInt32BE(4) !== 196608) return null;
  if (bytes.length < length) return undefined;
  const fields = bytes
    .subarray(8, length - 1)
    .toString("utf8")
    .split("\0");
  const parameters: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) parameters[fields[i] as string] = fields[i + 1] as string;
  return parameters;
}
