import pg from "pg";

// The same key on every instance. Any fixed 64-bit number works; this one is "samsweb" in ASCII
// (0x73616d73776562), so it is easy to spot in pg_locks.
const MIGRATION_LOCK_KEY = "32476745038259554";

/** A busy database may be slow to accept a connection at start; an unreachable one refuses at once. */
const CONNECT_TIMEOUT_MS = 60_000;

/**
 * Runs `work` while holding a session-level advisory lock on one dedicated connection, so that
 * instances started together prepare the database one after the other: the first does the work,
 * the next ones wait and then find nothing left to do. The lock goes with its connection, so an
 * instance that dies while holding it lets the next one through.
 *
 * The connection is the pool's (or the connection string's) but without its request deadlines:
 * waiting for another instance's migrations, or a migration that rewrites a large table, may
 * rightly take minutes.
 */
export async function withMigrationLock<T>(
  database: pg.Pool | string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const {
    statement_timeout: _statement,
    query_timeout: _query,
    ...connection
  } = typeof database === "string" ? { connectionString: database } : database.options;
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A lost connection surfaces as the failed query below; this keeps it from crashing the process.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end().catch(() => {});
  }
}
