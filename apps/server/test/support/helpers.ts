import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HARDER_BOTCHECK_QUERY } from "@sams-web/domain/accounts/rules";
import type { Facts, NonNegotiablesStep, ReadingReply } from "@sams-web/domain/non-negotiables/contracts";
import { PHOTOS_PATH } from "@sams-web/domain/photos/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { solveChallenge } from "altcha-lib/v1";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, expect, inject } from "vitest";
import { type AppOptions, buildApp, FEATURES, type Feature } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createDatabase, type Database } from "../../src/db/client.ts";
import { createAuth } from "../../src/features/accounts/auth.ts";
import { createMetrics } from "../../src/platform/metrics/metrics.ts";
import { createInProcessBus, type RealtimeBus } from "../../src/platform/realtime/bus.ts";
import { TEMPLATE_DATABASE } from "./template-database.ts";

export interface TestDatabase {
  url: string;
  db: Database;
  pool: pg.Pool;
  drop: () => Promise<void>;
}

/** A database of this test file's own, cloned from the migrated template, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, pool } = createDatabase(url.toString(), 5);
  const drop = async () => {
    await pool.end();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { url: url.toString(), db, pool, drop };
}

/**
 * An empty database of its own (no migrations), dropped by the returned function; `owner` makes
 * an existing role its owner, as an operator would for the service's role.
 */
export async function createEmptyDatabase(options: { owner?: string } = {}): Promise<{
  url: string;
  name: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `empty_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${options.owner ? ` owner ${options.owner}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { url: url.toString(), name, drop };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  bus: RealtimeBus;
  config: Config;
  databaseUrl: string;
}

export interface TestAppOptions {
  /** A database shared with another app, dropped by whoever made it; else one of this app's own. */
  database?: TestDatabase;
  /** What else buildApp takes: a storage of the test's own, a rate-limit clock, … */
  build?: Partial<Omit<AppOptions, "config" | "db" | "pool" | "bus" | "auth">>;
}

/**
 * The real app on a real database, driven through inject(). Closed (and its own database
 * dropped) after the file.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  extraFeatures: readonly Feature[] = [],
  baseFeatures: readonly Feature[] = FEATURES,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    // Cheap proof of work and roomy auth limits, so files that sign up many people stay quick;
    // the accounts tests set their own to check both.
    BOTCHECK_MAX_NUMBER: "20",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "1000",
    ...env,
  });
  const bus = createInProcessBus();
  const metrics = options.build?.metrics ?? createMetrics();
  const auth = createAuth({
    config,
    db: database.db,
    secret: "test-secret-test-secret-test-secret-0123",
    onSignUp: metrics.signUp,
  });
  const app = await buildApp({ ...options.build, config, db: database.db, pool: database.pool, bus, auth, metrics }, [
    ...baseFeatures,
    ...extraFeatures,
  ]);
  afterAll(async () => {
    await app.close();
    if (!options.database) await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, db: database.db, pool: database.pool, bus, config, databaseUrl: database.url };
}

let counter = 0;

/** Fetches and solves a bot-check challenge, as the browser does: the x-botcheck header value. */
export async function solveBotcheck(app: FastifyInstance, level: "normal" | "harder" = "normal"): Promise<string> {
  const query = level === "harder" ? `?${HARDER_BOTCHECK_QUERY}` : "";
  const response = await app.inject({ method: "GET", url: `/api/botcheck/challenge${query}` });
  const challenge = response.json() as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error("could not solve the bot-check challenge");
  const payload = { ...challenge, number: solution.number };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** Signs up a fresh user through the real auth routes and returns its session cookie. */
export async function signUp(
  app: FastifyInstance,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{ cookie: string; userId: string; email: string; password: string }> {
  counter += 1;
  const email = input.email ?? `person${counter}-${randomBytes(3).toString("hex")}@example.com`;
  const password = input.password ?? "correct horse battery staple";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: "http://localhost:3000", "x-botcheck": await solveBotcheck(app) },
    payload: { email, password, name: input.name ?? "Test Person" },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const body = response.json() as { user: { id: string } };
  return { cookie, userId: body.user.id, email, password };
}

/**
 * What a client sends at the dealbreakers stage after Sam's `reply`, to walk on through it as a
 * person would: the quick questions' answers (`facts`, or null to skip them) once Sam asks for
 * them, then "Yes, that's right" to his read-back (with the signed reading, as a guest's browser
 * sends it back). Null when the next message is simply the person's words.
 */
export function dealbreakersNext(
  reply: { message: string; reading?: ReadingReply },
  facts: Facts | null = null,
): { userMessage: string; nonNegotiables: NonNegotiablesStep } | null {
  if (reply.message.endsWith(MESSAGES.tapsIntro)) {
    return {
      userMessage: facts ? MESSAGES.tapsDone : MESSAGES.tapsSkipped,
      nonNegotiables: { step: "taps", facts },
    };
  }
  if (reply.message.startsWith(MESSAGES.readBackIntro)) {
    const { reading } = reply;
    return {
      userMessage: MESSAGES.readBackConfirmed,
      nonNegotiables: {
        step: "confirm",
        removed: [],
        ...(reading?.signature ? { reading: { items: reading.items, signature: reading.signature } } : {}),
      },
    };
  }
  return null;
}

/** One part of a multipart form: its field's name, its bytes, and its file name and type. */
export interface MultipartPart {
  field: string;
  data: Buffer;
  /** Default: the field's name with `.jpg`. */
  filename?: string;
  /** Default: image/jpeg. */
  type?: string;
}

/**
 * A multipart/form-data body, as a browser sends a file upload. A plain buffer is a JPEG in the
 * field `photo<i>`, after its place in the list.
 */
export function multipart(parts: readonly (Buffer | MultipartPart)[]): { payload: Buffer; contentType: string } {
  const boundary = "----samswebboundary";
  const chunks: Buffer[] = [];
  parts.forEach((part, i) => {
    const { field, data, filename, type } = Buffer.isBuffer(part) ? { field: `photo${i}`, data: part } : part;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename ?? `${field}.jpg`}"\r\nContent-Type: ${type ?? "image/jpeg"}\r\n\r\n`,
      ),
      data,
      Buffer.from("\r\n"),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Sends `parts` as the signed-in person's photo set (PUT, as the upload page does) and returns the
 * answer as it came, for tests that read a refusal; `uploadPhotos` is the one for a set that must save.
 */
export function putPhotos(app: FastifyInstance, cookie: string, parts: readonly (Buffer | MultipartPart)[]) {
  const { payload, contentType } = multipart(parts);
  return app.inject({ method: "PUT", url: PHOTOS_PATH, headers: { cookie, "content-type": contentType }, payload });
}

/**
 * Saves `files` (JPEGs, in this order) as the signed-in person's photo set, as the upload page
 * does, and returns the set's URLs; anything but 200 fails the test with the response's body.
 */
export async function uploadPhotos(app: FastifyInstance, cookie: string, files: readonly Buffer[]): Promise<string[]> {
  const response = await putPhotos(app, cookie, files);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { photos: string[] }).photos;
}
