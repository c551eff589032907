import fp from "fastify-plugin";
import { DataExportRegistry } from "./data-export-registry.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Adds a feature's files (e.g. photos) to a person's data export. */
    dataExport: DataExportRegistry;
  }
}

export const dataExportPlugin = fp(
  async (app) => {
    app.decorate("dataExport", new DataExportRegistry());
  },
  { name: "data-export" },
);
