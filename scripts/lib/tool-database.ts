import type { Config } from "../../apps/server/src/config.ts";
import type { Database } from "../../apps/server/src/db/client.ts";
import { startEmbeddedPostgres } from "../../apps/server/src/platform/db/embedded-postgres.ts";
import { openDatabase } from "../../apps/server/src/platform/db/open-database.ts";

/**
 * The service's database for a command-line tool, as the server finds it: DATABASE_URL, else the
 * embedded PostgreSQL in DATA_DIR (started for the tool and stopped by `close`). The schema is
 * brought up to date first. A tool is no request: its statements may run for `statementMinutes`.
 */
export async function openToolDatabase(
  config: Config,
  statementMinutes: number,
): Promise<{ db: Database; close(): Promise<void> }> {
  let url = config.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.EMBEDDED_PG_PORT,
      database: "sams_web",
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  try {
    const { db, close } = await openDatabase(url, { connectMs: 30_000, statementMs: statementMinutes * 60_000 });
    return {
      db,
      close: async () => {
        await close();
        await stopEmbedded();
      },
    };
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
}
