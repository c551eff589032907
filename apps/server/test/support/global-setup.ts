import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase, runMigrations } from "../../src/db/client.ts";
import { startEmbeddedPostgres } from "../../src/platform/db/embedded-postgres.ts";
import { ensureZipCodes } from "../../src/platform/db/zip-codes.ts";

import { TEMPLATE_DATABASE } from "./template-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL), with a migrated template
 * database; each test file clones the template into a database of its own.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-pg-"));
    const embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      port: await freePort(),
      database: "postgres",
      persistent: false,
    });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const { db, pool } = createDatabase(templateUrl.toString(), 2);
  await runMigrations(db);
  await ensureZipCodes(db);
  // The service needs no extension; tests hold the search's geometry to earthdistance's own.
  await pool.query("create extension if not exists earthdistance cascade");
  await pool.end();
  await admin.end();

  project.provide("postgresAdminUrl", adminUrl);

  return async () => {
    await stopEmbedded?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
