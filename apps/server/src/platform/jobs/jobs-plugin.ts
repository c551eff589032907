import fp from "fastify-plugin";
import { createInlineJobs, type Jobs } from "./jobs.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The server's one job queue (pg-boss, started and stopped by server.ts). */
    jobs: Jobs;
  }
}

/** Without a queue (tests and tools that build the app without pg-boss), jobs run inline. */
export const jobsPlugin = fp<{ jobs?: Jobs }>(
  async (app, { jobs }) => {
    app.decorate("jobs", jobs ?? createInlineJobs());
  },
  { name: "jobs" },
);
