import fp from "fastify-plugin";

/** Whether this instance should get new work; the health feature's readiness answers from it. */
export interface Readiness {
  /** Set when the instance starts to stop (SIGTERM): from then on it is not ready. */
  draining: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export const readinessPlugin = fp(
  async (app) => {
    app.decorate("readiness", { draining: false });
  },
  { name: "readiness" },
);
