import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { createAuth } from "./features/accounts/auth.ts";
import { startEmbeddedPostgres } from "./platform/db/embedded-postgres.ts";
import { openDatabase } from "./platform/db/open-database.ts";
import { createPgBossJobs } from "./platform/jobs/jobs.ts";
import { createInProcessBus, createPostgresBus, type RealtimeBus } from "./platform/realtime/bus.ts";
import { loadOrCreateSecret } from "./platform/secrets/local-secret.ts";

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts everything in order: database (embedded unless DATABASE_URL), migrations, reference
 * data, the app, then the listener. `stop` undoes it in reverse, so Ctrl-C leaves the embedded
 * database cleanly shut down.
 */
export async function startServer(config: Config, log: (line: string) => void = console.log): Promise<RunningServer> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log(`Starting the embedded PostgreSQL in ${config.dataDir}/postgres …`);
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.EMBEDDED_PG_PORT,
        database: "sams_web",
      });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const { db, pool, close } = await openDatabase(databaseUrl);
    cleanups.push(close);

    // With an outside database there may be several instances: changes travel through it.
    const bus: RealtimeBus = config.DATABASE_URL ? await createPostgresBus(databaseUrl) : createInProcessBus();
    cleanups.push(() => bus.close());

    // Cleanups run in reverse: jobs stop after the listener and before the pool, letting running
    // jobs finish.
    const jobs = await createPgBossJobs({
      connectionString: databaseUrl,
      onError: (error) => log(`Background jobs: ${error.message}`),
    });
    cleanups.push(() => jobs.stop());

    const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(config.dataDir, "auth-secret"));
    const auth = createAuth({ config, db, secret });
    const app = await buildApp({ config, db, pool, bus, auth, jobs });
    cleanups.push(() => app.close());
    const address = await app.listen({ host: config.HOST, port: config.PORT });
    return { app, url: address, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
