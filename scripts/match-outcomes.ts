// How connections turned out, per score band; see README.md.
//   npm run match:outcomes
// Uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, like the server.
import { loadConfig } from "../apps/server/src/config.ts";
import { createDatabase, runMigrations } from "../apps/server/src/db/client.ts";
import { outcomeSummary } from "../apps/server/src/features/matching/outcome-summary.ts";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";

const config = loadConfig();
let url = config.DATABASE_URL;
let stop = async () => {};
if (!url) {
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.EMBEDDED_PG_PORT,
    database: "sams_web",
  });
  url = embedded.url;
  stop = embedded.stop;
}
// A tool, not a request: reading every connection may take longer than a request's deadline.
const { db, pool } = createDatabase(url, 2, { connectMs: 30_000, statementMs: 10 * 60_000 });
try {
  await runMigrations(db);
  for (const line of await outcomeSummary(db)) console.log(line);
} finally {
  await pool.end();
  await stop();
}
