import fp from "fastify-plugin";
import { createStorage } from "./create-storage.ts";
import type { StorageDriver } from "./storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where photo files live: S3 when S3_BUCKET is set, else DATA_DIR/photos. */
    storage: StorageDriver;
  }
}

/** A given driver (a test's, e.g. one that fails on purpose), else the configured one. */
export const storagePlugin = fp<{ storage?: StorageDriver }>(
  async (app, { storage }) => {
    app.decorate("storage", storage ?? createStorage(app.config));
  },
  { name: "storage", dependencies: ["config"] },
);
