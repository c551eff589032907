import type { FastifyInstance } from "fastify";
import type pg from "pg";

const PROBE_TIMEOUT_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, pool: pg.Pool): void {
  app.get("/api/health", async (_request, reply) => {
    const database = await Promise.race([
      pool.query("select 1").then(
        () => "up" as const,
        () => "down" as const,
      ),
      new Promise<"down">((resolve) => setTimeout(() => resolve("down"), PROBE_TIMEOUT_MS).unref()),
    ]);
    return reply.code(database === "up" ? 200 : 503).send({ status: database === "up" ? "ok" : "degraded", database });
  });
}
