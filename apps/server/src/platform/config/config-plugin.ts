import fp from "fastify-plugin";
import type { Config } from "../../config.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The parsed configuration (config.ts), one for the whole server. */
    config: Config;
  }
}

export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate("config", config);
  },
  { name: "config" },
);
