import { CALLABLE_NAMES } from "@sams-web/domain/api/callables";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import client from "prom-client";
import { type QueueState, queueStates } from "./data.ts";
import { bearerMatches, METRICS_PATH } from "./exposition.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import { addTallies } from "./mutations.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** What the service counts about itself (metrics.ts); features call it in one line where things happen. */
    metrics: Metrics;
    /** Writes this instance's waiting daily tallies now (the insights do before they count). */
    flushTallies(): Promise<void>;
  }
}

/** How often this instance adds its counts to the shared daily tallies. */
const TALLY_FLUSH_MS = 10_000;
/** Scrapes closer together than this read the job queue's figures once. */
const QUEUE_READ_CACHE_MS = 5_000;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A request's route as a bounded label: the pattern it matched (never the URL, which may carry an
 * id), a callable by its name when it is one of ours, and "unmatched" for anything else.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return "unmatched";
  if (pattern === "/api/call/:name") {
    const name = (request.params as { name?: string }).name ?? "";
    return (CALLABLE_NAMES as readonly string[]).includes(name) ? `/api/call/${name}` : pattern;
  }
  return pattern;
}

/**
 * The metrics of this instance, and the daily tallies every instance adds to. The recorder is
 * always there (the insights need the tallies); the Prometheus side (request timings, process,
 * pool and queue figures, the scrape path) is on only when METRICS_PORT or METRICS_TOKEN is set,
 * so an instance nobody scrapes does no work for it. The metrics port itself is opened by
 * server.ts (exposition.ts).
 */
export const metricsPlugin = fp<{ metrics?: Metrics }>(
  async (app, options) => {
    const { config } = app;
    const metrics = options.metrics ?? createMetrics();
    app.decorate("metrics", metrics);

    let flushing = Promise.resolve();
    const flushOnce = async () => {
      const rows = metrics.tallies.drain();
      try {
        await addTallies(app.db, rows);
      } catch (error) {
        // The database is away: the counts wait for the next write.
        metrics.tallies.restore(rows);
        app.log.warn({ err: error }, "could not add the daily tallies; they will be added later");
      }
    };
    const flushTallies = () => {
      flushing = flushing.then(flushOnce);
      return flushing;
    };
    app.decorate("flushTallies", flushTallies);
    const timer = setInterval(() => void flushTallies(), TALLY_FLUSH_MS).unref();
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await flushTallies();
    });

    if (config.METRICS_PORT === undefined && config.METRICS_TOKEN === undefined) return;

    const { registry } = metrics;
    client.collectDefaultMetrics({ register: registry });

    const requestSeconds = new client.Histogram({
      name: "samsweb_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern and status class (2xx, 4xx, 5xx …).",
      labelNames: ["method", "route", "status_class"] as const,
      buckets: SECONDS,
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      requestSeconds.observe(
        { method: request.method, route: routeLabel(request), status_class: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    });

    const { pool } = app;
    new client.Gauge({
      name: "samsweb_db_pool_connections",
      help: "This instance's database pool: connections in use, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });

    // The job queue is shared: every instance reads the same figures from the database.
    let queues: { at: number; states: Promise<QueueState[]> } | null = null;
    const readQueues = () => {
      if (!queues || Date.now() - queues.at > QUEUE_READ_CACHE_MS) {
        queues = { at: Date.now(), states: queueStates(app.db).catch(() => []) };
      }
      return queues.states;
    };
    new client.Gauge({
      name: "samsweb_job_queue_jobs",
      help: "Jobs in the shared queue, by queue and state: waiting (due, not yet taken), scheduled (due later), active.",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await readQueues()) {
          this.set({ queue: queue.queue, state: "waiting" }, queue.waiting);
          this.set({ queue: queue.queue, state: "scheduled" }, queue.scheduled);
          this.set({ queue: queue.queue, state: "active" }, queue.active);
        }
      },
    });
    new client.Gauge({
      name: "samsweb_job_queue_oldest_waiting_seconds",
      help: "How long the longest-waiting due job of each queue has waited for a worker (0 when none waits).",
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await readQueues()) this.set({ queue: queue.queue }, queue.oldestWaitingSeconds);
      },
    });

    const token = config.METRICS_TOKEN;
    if (token) {
      app.get(METRICS_PATH, async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, token)) {
          // Sent here: this route is registered before the error handler, so it answers on its own.
          return reply
            .code(404)
            .send({ error: { status: "NOT_FOUND", code: "noRoute", message: `No route for GET ${METRICS_PATH}` } });
        }
        return reply
          .header("content-type", registry.contentType)
          .header("cache-control", "no-store")
          .send(await registry.metrics());
      });
    }
  },
  { name: "metrics", dependencies: ["config", "db"] },
);
