import fp from "fastify-plugin";
import type { RealtimeBus } from "./bus.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Per-user change events to every open tab of that user (in process, or across instances). */
    bus: RealtimeBus;
  }
}

/** The bus is opened and closed by the caller of buildApp (server.ts), which knows whether there is a fleet. */
export const realtimePlugin = fp<{ bus: RealtimeBus }>(
  async (app, { bus }) => {
    app.decorate("bus", bus);
  },
  { name: "realtime" },
);
