import path from "node:path";
import { parseAdminEmails } from "@sams-web/domain/safety/rules";
import * as z from "zod";
import { DEFAULT_DATABASE_TIMEOUTS } from "./db/client.ts";
import { DEFAULT_PUSH_SERVICE_ORIGINS, isOriginPattern } from "./platform/push/push-services.ts";

// One parsed config for the whole server. Every default is the embedded one, so `npm start`
// on a fresh machine needs no variable at all; README.md lists each of them.
// An empty variable counts as unset, as shells and .env files often leave them.
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalUrl = z.preprocess(blankAsUnset, z.url().optional());
const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5433),
  // How long a request waits on the database before it fails with 503: to connect (or get a
  // pooled connection), and for one statement.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  // How long a session read from the database serves the same person's next requests; the
  // database tells every instance at once when a session or its account changes (0 = off).
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // On SIGTERM, how long requests in flight may take to finish before their connections are cut.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  // On SIGTERM, how long the instance goes on serving while its readiness answers 503, so a
  // balancer that polls it stops sending before the listener closes.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  // Prometheus metrics: a port of their own (off unless set), and/or the public port's
  // /api/metrics behind a bearer token. Neither set: no metrics are served.
  METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_TOKEN: z.preprocess(blankAsUnset, z.string().trim().min(16, "must be at least 16 characters").optional()),
  // Traces: an OTLP/HTTP collector (e.g. http://otel-collector:4318). Read by main.ts before
  // anything else loads (the tracing must hook the modules it instruments); checked here too.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  AUTH_SECRET: z.preprocess(blankAsUnset, z.string().min(32).optional()),
  WEB_DIST_DIR: optionalText,
  // Photo storage: S3-compatible when S3_BUCKET is set, else files under DATA_DIR/photos.
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(blankAsUnset, z.string().trim().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .preprocess(blankAsUnset, z.enum(["true", "false"]).default("false"))
    .transform((v) => v === "true"),
  // Moderators: comma-separated emails of verified accounts that may open /admin.
  ADMIN_EMAILS: z.preprocess(blankAsUnset, z.string().optional()).transform(parseAdminEmails),
  // Sam's brain: an OpenAI-compatible model when LLM_BASE_URL and LLM_MODEL are set, else the
  // embedded scripted interviewer.
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).default(500),
  // The chat's limits, per signed-in user (or guest) and per IP address.
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(20),
  CHAT_MESSAGES_PER_DAY: z.coerce.number().int().positive().default(500),
  CHAT_IP_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(60),
  CHAT_IP_MESSAGES_PER_DAY: z.coerce.number().int().positive().default(2_000),
  // Mail: an SMTP server (smtp://user:pass@host:587), else .eml files in DATA_DIR/outbox.
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Sam's Web <no-reply@localhost>"),
  // Google sign-in: on only when both are set.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  // Proof-of-work bot check: the largest number a browser may have to try (cost grows with it).
  BOTCHECK_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  // Attempts per minute on the auth endpoints, per client address and per account.
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  // Matching: how many of the preliminary candidates are scored, and by what. "auto" means the
  // language model when one is configured (LLM_BASE_URL and LLM_MODEL), else the embedded
  // heuristic scorer / extractive narrative.
  MATCHING_TOP_K: z.coerce.number().int().min(1).max(200).default(20),
  MATCHING_SCORER: z.preprocess(blankAsUnset, z.enum(["auto", "llm", "heuristic"]).default("auto")),
  MATCHING_SCORER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  NARRATIVE_WRITER: z.preprocess(blankAsUnset, z.enum(["auto", "llm", "extractive"]).default("auto")),
  MATCHING_RESUME_AFTER_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Web Push: the server's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints
  // them); unset, a pair is generated once into DATA_DIR/secrets. The subject is who the push
  // services may contact: a mailto: or https: URL, by default the sender address of MAIL_FROM.
  VAPID_PUBLIC_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")
      .optional(),
  ),
  // The push services a browser's subscription may point at (the server sends to no other host):
  // comma-separated origins, a host may start with "*." and a port may be "*".
  PUSH_SERVICE_ORIGINS: z
    .preprocess(blankAsUnset, z.string().default(DEFAULT_PUSH_SERVICE_ORIGINS.join(",")))
    .transform((value, context) => {
      const patterns = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const pattern of patterns) {
        if (!isOriginPattern(pattern)) {
          context.addIssue({ code: "custom", message: `"${pattern}" is not an origin such as https://*.example.com` });
        }
      }
      return patterns;
    }),
  /**
   * The social network's tracking pixel id (Meta pixel). Unset: no pixel ever loads and the CSP
   * allows no third-party host. Set: the pixel loads only for visitors who turned ad tracking on.
   */
  AD_PIXEL_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^\d{5,20}$/, "must be the pixel's numeric id")
      .optional(),
  ),
});

/** Choices that depend on each other: 'llm' for matching needs a configured model. */
const checkedConfigSchema = configSchema.superRefine((values, context) => {
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    context.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
  }
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    context.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "set both VAPID keys, or neither" });
  }
  const llmConfigured = Boolean(values.LLM_BASE_URL && values.LLM_MODEL);
  for (const key of ["MATCHING_SCORER", "NARRATIVE_WRITER"] as const) {
    if (values[key] === "llm" && !llmConfigured) {
      context.addIssue({ code: "custom", path: [key], message: "'llm' needs LLM_BASE_URL and LLM_MODEL" });
    }
  }
});

export type Config = z.infer<typeof configSchema> & {
  /** The absolute directory that holds the embedded database, photos and the mail outbox. */
  dataDir: string;
  /** Where the built SPA lives (apps/web/dist unless WEB_DIST_DIR says otherwise). */
  webDistDir: string;
  /** The address people reach us at, used in emailed links. */
  publicUrl: string;
  /** Who the push services may contact about our pushes (VAPID_SUBJECT, else MAIL_FROM's address). */
  vapidSubject: string;
};

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, "../../..");

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  return {
    ...values,
    dataDir,
    webDistDir: path.resolve(repoRoot, values.WEB_DIST_DIR ?? "apps/web/dist"),
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    vapidSubject: values.VAPID_SUBJECT ?? `mailto:${mailAddressOf(values.MAIL_FROM)}`,
  };
}

/** The address of a sender such as "Sam's Web <no-reply@example.com>". */
function mailAddressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from;
}
