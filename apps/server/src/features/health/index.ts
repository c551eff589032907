import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { RETRY_AFTER_SECONDS } from "../../platform/http/database-unavailable.ts";
import { databaseAnswers } from "./data.ts";

const PROBE_TIMEOUT_MS = 2000;

const healthSchema = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["up", "down"]) });

/** GET /api/health: 200 while the database answers within the probe's timeout, else 503. */
const health: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/health",
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await Promise.race([
        databaseAnswers(app.pool).then((up) => (up ? ("up" as const) : ("down" as const))),
        new Promise<"down">((resolve) => setTimeout(() => resolve("down"), PROBE_TIMEOUT_MS).unref()),
      ]);
      if (database === "down") reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply
        .code(database === "up" ? 200 : 503)
        .send({ status: database === "up" ? "ok" : "degraded", database });
    },
  );
};

export const healthFeature = fp(health, { name: "health", dependencies: ["db", "zod-schemas"], encapsulate: true });
