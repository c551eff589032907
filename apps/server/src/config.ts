import path from "node:path";
import * as z from "zod";

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
  AUTH_SECRET: z.preprocess(blankAsUnset, z.string().min(32).optional()),
  WEB_DIST_DIR: optionalText,
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

export type Config = z.infer<typeof configSchema> & {
  /** The absolute directory that holds the embedded database, photos and the mail outbox. */
  dataDir: string;
  /** Where the built SPA lives (apps/web/dist unless WEB_DIST_DIR says otherwise). */
  webDistDir: string;
  /** The address people reach us at, used in emailed links. */
  publicUrl: string;
};

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, "../../..");

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
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
  };
}
