import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type pg from "pg";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Auth } from "./features/accounts/auth.ts";
import { registerAccounts } from "./features/accounts/feature.ts";
import { createSessionResolver, type SessionResolver } from "./features/accounts/session.ts";
import { registerAnalyticsRoutes } from "./features/analytics/routes.ts";
import { registerChatRoutes } from "./features/chat/routes.ts";
import { AD_PIXEL_HOSTS } from "./features/consent/ad-pixel.ts";
import { DataExportRegistry } from "./features/consent/export-registry.ts";
import { registerConsentRoutes } from "./features/consent/routes.ts";
import { registerEventRoutes } from "./features/events/routes.ts";
import { registerHealthRoutes } from "./features/health/routes.ts";
import { registerMatchRoutes } from "./features/matching/routes.ts";
import { registerPhotoRoutes } from "./features/photos/routes.ts";
import { registerProfileRoutes } from "./features/profile/routes.ts";
import { type Botcheck, createBotcheck } from "./platform/botcheck/botcheck.ts";
import { CallableRegistry, registerCallableRoute } from "./platform/http/callables.ts";
import { installErrorHandler } from "./platform/http/error-handler.ts";
import { installInputCheck } from "./platform/http/input-check.ts";
import { type LogStream, loggerOptions } from "./platform/http/logging.ts";
import { installOriginCheck } from "./platform/http/origin-check.ts";
import { createInlineJobs, type Jobs } from "./platform/jobs/jobs.ts";
import { AccountLifecycle } from "./platform/lifecycle/account-lifecycle.ts";
import { createMailer, type Mailer } from "./platform/mail/mailer.ts";
import type { RealtimeBus } from "./platform/realtime/bus.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
  bus: RealtimeBus;
  auth: Auth;
  /** Background jobs (pg-boss, started by server.ts); without it, jobs run inline (tests). */
  jobs?: Jobs;
  /** Outgoing mail (SMTP_URL, else .eml files in DATA_DIR/outbox); made from the config if absent. */
  mailer?: Mailer;
  /** Where log lines go; standard output if absent. */
  logStream?: LogStream;
}

/** What every feature gets when it registers its routes and callables. */
export interface FeatureContext extends AppDeps {
  app: FastifyInstance;
  callables: CallableRegistry;
  sessions: SessionResolver;
  accountLifecycle: AccountLifecycle;
  /** The proof-of-work bot check: `await botcheck.require(request)` refuses a request without one. */
  botcheck: Botcheck;
  jobs: Jobs;
  /** The one mail platform every feature sends through. */
  mailer: Mailer;
  /** Adds a feature's files (e.g. photos) to a person's data export. */
  dataExport: DataExportRegistry;
}

/** A feature adds its routes and callables to the app. */
export type Feature = (context: FeatureContext) => void | Promise<void>;

/** The product's features, in the order their routes are registered. */
export const FEATURES: readonly Feature[] = [
  ({ app, pool }) => registerHealthRoutes(app, pool),
  registerAccounts,
  (context) => registerEventRoutes(context.app, context),
  registerMatchRoutes,
  registerProfileRoutes,
  registerPhotoRoutes,
  (context) => registerChatRoutes(context),
  registerConsentRoutes,
  registerAnalyticsRoutes,
];

export async function buildApp(deps: AppDeps, features: readonly Feature[] = FEATURES): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS * 2,
    return503OnClosing: true,
  });

  installErrorHandler(app);
  installOriginCheck(app, config.publicUrl);
  installInputCheck(app);
  // Third-party hosts are allowed only when an ad pixel is configured, and only the pixel's
  // (README.md, Privacy). The browser still loads it only after the visitor turned ad tracking on.
  const pixel = config.AD_PIXEL_ID ? AD_PIXEL_HOSTS : { script: [], img: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pixel.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...pixel.img],
        connectSrc: ["'self'", ...pixel.connect],
        workerSrc: ["'self'", "blob:"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });

  const callables = new CallableRegistry();
  const sessions = createSessionResolver(deps.auth);
  const botcheck = createBotcheck({
    secret: deps.auth.options.secret,
    maxNumber: config.BOTCHECK_MAX_NUMBER,
    db: deps.db,
  });
  const context: FeatureContext = {
    ...deps,
    app,
    callables,
    sessions,
    accountLifecycle: new AccountLifecycle(),
    botcheck,
    jobs: deps.jobs ?? createInlineJobs(),
    mailer: deps.mailer ?? createMailer(config, (line) => app.log.warn(line)),
    dataExport: new DataExportRegistry(),
  };

  for (const feature of features) await feature(context);
  registerCallableRoute(app, callables);

  serveWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built SPA: hashed assets cached for good, every other page path gets index.html. */
function serveWebApp(app: FastifyInstance, distDir: string): void {
  if (!existsSync(path.join(distDir, "index.html"))) return;
  app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.setHeader(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  app.get("/*", (request, reply) => {
    if (request.url.startsWith("/api/")) {
      return reply.code(404).send({ error: { status: "NOT_FOUND", message: `No route for GET ${request.url}` } });
    }
    const file = request.url.split("?")[0] ?? "/";
    const candidate = path.join(distDir, path.normalize(file));
    if (file !== "/" && candidate.startsWith(distDir) && existsSync(candidate) && !candidate.endsWith(path.sep)) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
