import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../src/platform/db/embedded-postgres.ts";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface OwnPostgres {
  /** The service's database on this server. */
  url: string;
  /** Shuts the server down: connections drop and new ones are refused, as in an outage. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its data. */
  dispose(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own (not the shared one), on its own port and data
 * directory, so the test can take it away and bring it back.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-own-pg-"));
  const port = await freePort();
  const boot = () => startEmbeddedPostgres({ dataDir, port, database: "sams_web" });
  let running: Awaited<ReturnType<typeof boot>> | undefined = await boot();
  const url = running.url;
  const stop = async () => {
    await running?.stop();
    running = undefined;
  };
  return {
    url,
    stop,
    async start() {
      running ??= await boot();
    },
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
