import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { Config } from "./config.ts";
import type { Auth } from "./features/accounts/auth.ts";
import { accountsFeature } from "./features/accounts/index.ts";
import { analyticsFeature } from "./features/analytics/index.ts";
import { chatFeature } from "./features/chat/index.ts";
import { AD_PIXEL_HOSTS } from "./features/consent/ad-pixel.ts";
import { consentFeature } from "./features/consent/index.ts";
import { healthFeature } from "./features/health/index.ts";
import { insightsFeature } from "./features/insights/index.ts";
import { matchingFeature } from "./features/matching/index.ts";
import { nonNegotiablesFeature } from "./features/non-negotiables/index.ts";
import { notificationsFeature } from "./features/notifications/index.ts";
import { photosFeature } from "./features/photos/index.ts";
import { privacyFeature } from "./features/privacy/index.ts";
import { profileFeature } from "./features/profile/index.ts";
import { safetyFeature } from "./features/safety/index.ts";
import { storyFeature } from "./features/story/index.ts";
import { yourWebFeature } from "./features/your-web/index.ts";
import { botcheckPlugin } from "./platform/botcheck/botcheck-plugin.ts";
import { configPlugin } from "./platform/config/config-plugin.ts";
import { dataExportPlugin } from "./platform/data-export/data-export-plugin.ts";
import { type DatabaseHandle, databasePlugin } from "./platform/db/database-plugin.ts";
import { callablesPlugin } from "./platform/http/callables.ts";
import { compressionPlugin } from "./platform/http/compression.ts";
import { errorHandlerPlugin } from "./platform/http/error-handler.ts";
import { installInputCheck } from "./platform/http/input-check.ts";
import { type LogStream, loggerOptions } from "./platform/http/logging.ts";
import { originCheckPlugin } from "./platform/http/origin-check.ts";
import { NO_THIRD_PARTY_HOSTS, securityHeadersPlugin } from "./platform/http/security-headers.ts";
import { webAppPlugin } from "./platform/http/web-app.ts";
import { zodSchemasPlugin } from "./platform/http/zod-schemas.ts";
import type { Jobs } from "./platform/jobs/jobs.ts";
import { jobsPlugin } from "./platform/jobs/jobs-plugin.ts";
import { accountLifecyclePlugin } from "./platform/lifecycle/account-lifecycle-plugin.ts";
import { readinessPlugin } from "./platform/lifecycle/readiness-plugin.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import { mailerPlugin } from "./platform/mail/mailer-plugin.ts";
import type { Metrics } from "./platform/metrics/metrics.ts";
import { metricsPlugin } from "./platform/metrics/metrics-plugin.ts";
import { noticesPlugin } from "./platform/notices/notices-plugin.ts";
import { pushPlugin } from "./platform/push/push-plugin.ts";
import type { PushSender } from "./platform/push/push-sender.ts";
import { rateLimitPlugin } from "./platform/rate-limit/rate-limit-plugin.ts";
import type { RealtimeBus } from "./platform/realtime/bus.ts";
import { eventsRoute } from "./platform/realtime/events-route.ts";
import { realtimePlugin } from "./platform/realtime/realtime-plugin.ts";
import type { SessionChanges } from "./platform/sessions/session-changes.ts";
import { sessionsPlugin } from "./platform/sessions/sessions-plugin.ts";
import type { StorageDriver } from "./platform/storage/storage.ts";
import { storagePlugin } from "./platform/storage/storage-plugin.ts";

/** What the app is built from. The caller opens (and later closes) the database, bus and jobs. */
export interface AppOptions extends DatabaseHandle {
  config: Config;
  bus: RealtimeBus;
  auth: Auth;
  /** Background jobs (pg-boss, started by server.ts); without it, jobs run inline (tests). */
  jobs?: Jobs;
  /** Outgoing mail (SMTP_URL, else .eml files in DATA_DIR/outbox); made from the config if absent. */
  mailer?: Mailer;
  /** Web Push; made from the config (VAPID keys, else generated into DATA_DIR/secrets) if absent. */
  push?: PushSender;
  /** Photo storage; made from the config (S3_BUCKET, else DATA_DIR/photos) if absent. */
  storage?: StorageDriver;
  /** The clock rate-limit windows are measured by (tests move it); Date.now if absent. */
  rateLimitClock?: () => number;
  /** Where log lines go; standard output if absent. */
  logStream?: LogStream;
  /** What the service counts about itself; made here if absent (server.ts makes it earlier, for the sign-up mailer). */
  metrics?: Metrics;
  /**
   * What the database says of changed sessions and accounts (server.ts listens): with it, sessions
   * read in the last SESSION_CACHE_SECONDS are not read again. Absent: every request reads its session.
   */
  sessionChanges?: SessionChanges;
  /** How often event streams are kept alive and their sessions checked; 25 s if absent (tests shorten it). */
  eventStreamHeartbeatMs?: number;
}

/** A feature: an encapsulated plugin that adds routes and callables, using the platform's decorators. */
export type Feature = FastifyPluginAsync;

/** The product's features, in the order their routes are registered. */
export const FEATURES: readonly Feature[] = [
  healthFeature,
  accountsFeature,
  matchingFeature,
  profileFeature,
  nonNegotiablesFeature,
  photosFeature,
  chatFeature,
  consentFeature,
  privacyFeature,
  safetyFeature,
  insightsFeature,
  notificationsFeature,
  yourWebFeature,
  storyFeature,
  analyticsFeature,
];

/** The platform first (each a named plugin the features declare as dependencies), then the features. */
export async function buildApp(options: AppOptions, features: readonly Feature[] = FEATURES): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS * 2,
    return503OnClosing: true,
  });

  await app.register(configPlugin, { config });
  await app.register(readinessPlugin);
  await app.register(databasePlugin, { db: options.db, pool: options.pool });
  // Early, so its request timing sees every route.
  await app.register(metricsPlugin, { metrics: options.metrics });
  await app.register(errorHandlerPlugin);
  await app.register(originCheckPlugin);
  installInputCheck(app);
  // Third-party hosts are allowed only when an ad pixel is configured, and only the pixel's.
  // The browser still loads it only after the visitor turned ad tracking on.
  await app.register(securityHeadersPlugin, {
    thirdParty: config.AD_PIXEL_ID ? AD_PIXEL_HOSTS : NO_THIRD_PARTY_HOSTS,
  });
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(zodSchemasPlugin);
  await app.register(rateLimitPlugin, { clock: options.rateLimitClock });
  await app.register(realtimePlugin, { bus: options.bus });
  await app.register(jobsPlugin, { jobs: options.jobs });
  await app.register(mailerPlugin, { mailer: options.mailer });
  await app.register(pushPlugin, { push: options.push });
  await app.register(noticesPlugin);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(sessionsPlugin, { auth: options.auth, sessionChanges: options.sessionChanges });
  await app.register(botcheckPlugin, { secret: options.auth.options.secret });
  await app.register(accountLifecyclePlugin);
  await app.register(dataExportPlugin);
  await app.register(callablesPlugin);
  await app.register(eventsRoute, { heartbeatMs: options.eventStreamHeartbeatMs });

  for (const feature of features) await app.register(feature);

  await app.register(webAppPlugin);
  return app;
}
