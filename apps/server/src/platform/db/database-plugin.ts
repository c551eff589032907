import fp from "fastify-plugin";
import type pg from "pg";
import type { Database } from "../../db/client.ts";

export type { Database };

/** The database handle and the pool under it, owned by whoever opened them (server.ts or a test). */
export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The Drizzle handle; only a feature's data.ts and mutations.ts build queries with it. */
    db: Database;
    /** The pool under `db`, for the health probe. */
    pool: pg.Pool;
  }
}

/** Puts the already opened database on the instance; closing it stays with its owner. */
export const databasePlugin = fp<DatabaseHandle>(
  async (app, { db, pool }) => {
    app.decorate("db", db);
    app.decorate("pool", pool);
  },
  { name: "db" },
);
