import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { LATEST_MIGRATION_TIME } from "../../db/client.ts";
import { RETRY_AFTER_SECONDS } from "../../platform/http/database-unavailable.ts";
import { databaseAnswers, migrationState } from "./data.ts";

const PROBE_TIMEOUT_MS = 2000;

const healthSchema = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["up", "down"]) });
const liveSchema = z.object({ status: z.literal("ok") });
const readySchema = z.object({
  status: z.enum(["ready", "not-ready"]),
  database: z.enum(["up", "down", "unknown"]),
  migrations: z.enum(["applied", "pending", "unknown"]),
  draining: z.boolean(),
});

/** `probe`'s answer, or `late` if it takes longer than the probe's timeout. */
function withinTimeout<T>(probe: Promise<T>, late: T): Promise<T> {
  return Promise.race([probe, new Promise<T>((resolve) => setTimeout(() => resolve(late), PROBE_TIMEOUT_MS).unref())]);
}

/**
 * Probes for balancers and orchestrators:
 * - GET /api/health: 200 while the database answers within the probe's timeout, else 503;
 * - GET /api/health/live: 200 while the process runs and serves HTTP (liveness: restart me if not);
 * - GET /api/health/ready: 200 only when the database answers, this code's migrations are applied
 *   and the instance is not stopping; else 503 with Retry-After (readiness: send me requests).
 */
const health: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/health",
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await withinTimeout(
        databaseAnswers(app.pool).then((up) => (up ? ("up" as const) : ("down" as const))),
        "down" as const,
      );
      if (database === "down") reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply
        .code(database === "up" ? 200 : 503)
        .send({ status: database === "up" ? "ok" : "degraded", database });
    },
  );

  app.get("/api/health/live", { schema: { response: { 200: liveSchema } } }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" as const }),
  );

  app.get(
    "/api/health/ready",
    { schema: { response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const draining = app.readiness.draining;
      // A stopping instance answers at once: its database no longer matters to the balancer.
      const migrations = draining
        ? ("unknown" as const)
        : await withinTimeout(migrationState(app.pool, LATEST_MIGRATION_TIME), "down" as const);
      const database = draining ? ("unknown" as const) : migrations === "down" ? ("down" as const) : ("up" as const);
      const ready = !draining && migrations === "applied";
      if (!ready) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply
        .code(ready ? 200 : 503)
        .header("cache-control", "no-store")
        .send({
          status: ready ? "ready" : "not-ready",
          database,
          migrations: migrations === "down" ? "unknown" : migrations,
          draining,
        });
    },
  );
};

export const healthFeature = fp(health, {
  name: "health",
  dependencies: ["db", "zod-schemas", "readiness"],
  encapsulate: true,
});
