import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { createAuth } from "./features/accounts/auth.ts";
import { startEmbeddedPostgres } from "./platform/db/embedded-postgres.ts";
import { openDatabase } from "./platform/db/open-database.ts";
import { createPgBossJobs } from "./platform/jobs/jobs.ts";
import { closeHttpGracefully } from "./platform/lifecycle/graceful-shutdown.ts";
import { createMailer } from "./platform/mail/mailer.ts";
import { withRetries } from "./platform/mail/retrying-mailer.ts";
import { startMetricsServer } from "./platform/metrics/exposition.ts";
import { createMetrics } from "./platform/metrics/metrics.ts";
import { createInProcessBus, createPostgresBus, type RealtimeBus } from "./platform/realtime/bus.ts";
import { loadOrCreateSecret } from "./platform/secrets/local-secret.ts";
import { listenForSessionChanges } from "./platform/sessions/session-changes.ts";

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts everything in order: database (embedded unless DATABASE_URL), migrations, reference
 * data, the app, then the listener. `stop` undoes it in reverse: no new requests and the event
 * streams closed, requests in flight finished (up to SHUTDOWN_GRACE_MS), running jobs finished
 * or handed back, the pool closed, and the embedded database shut down last.
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
        // Stopped by us, last, once requests and jobs are done.
        ownSignals: true,
      });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const { db, pool, close } = await openDatabase(databaseUrl, {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    cleanups.push(close);

    // With an outside database there may be several instances: changes travel through it.
    const bus: RealtimeBus = config.DATABASE_URL ? await createPostgresBus(databaseUrl) : createInProcessBus();
    cleanups.push(() => bus.close());
    // Any instance's sign-out, suspension or deletion reaches this one's cache of sessions.
    const sessionChanges = await listenForSessionChanges(databaseUrl, (error) =>
      log(`Listening for session changes: ${error instanceof Error ? error.message : error}`),
    );
    cleanups.push(() => sessionChanges.close());

    // Cleanups run in reverse: jobs stop after the listener and before the pool, letting running
    // jobs finish.
    const jobs = await createPgBossJobs({
      connectionString: databaseUrl,
      onError: (error) => log(`Background jobs: ${error.message}`),
    });
    cleanups.push(() => jobs.stop());

    const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(config.dataDir, "auth-secret"));
    const metrics = createMetrics();
    // The sign-up's verification mail goes through Better Auth, built before the app: it gets
    // the same retries from the job queue (the app's mailer registers their worker).
    const mailer = withRetries(
      createMailer(config),
      jobs,
      (error) =>
        log(`A mail could not be sent now; it will be tried again: ${error instanceof Error ? error.message : error}`),
      metrics.mailSent,
    );
    const auth = createAuth({ config, db, secret, mailer, onSignUp: metrics.signUp });
    const app = await buildApp({ config, db, pool, bus, auth, jobs, metrics, sessionChanges });
    cleanups.push(() =>
      closeHttpGracefully(app, { graceMs: config.SHUTDOWN_GRACE_MS, delayMs: config.SHUTDOWN_DELAY_MS }),
    );
    const address = await app.listen({ host: config.HOST, port: config.PORT });
    if (config.METRICS_PORT !== undefined) {
      const metricsServer = await startMetricsServer(metrics.registry, {
        host: config.HOST,
        port: config.METRICS_PORT,
        token: config.METRICS_TOKEN,
      });
      // Closed after the app, so the last scrape during a drain still answers.
      cleanups.splice(cleanups.length - 1, 0, () => metricsServer.close());
      log(`Metrics for Prometheus at ${metricsServer.url}`);
    }
    return { app, url: address, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
