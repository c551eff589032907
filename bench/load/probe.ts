// Loaded into the server process by bench/load.ts (`node --import tsx --import …/probe.ts`), never
// by the service itself. Between two messages from the benchmark over the IPC channel it measures
// the event loop's delay, the heap, and the database statements sent per HTTP request, by route.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface ProbeReport {
  kind: "probe";
  /**
   * Event loop delay over the step, in ms: how late a timer due every RESOLUTION_MS fired (perf_hooks
   * records the whole interval, so the resolution is taken off).
   */
  eventLoop: { p50: number; p99: number; max: number; mean: number };
  heapUsedMb: number;
  /** Per route (method and path without the query, ids folded): requests seen, statements sent. */
  statements: Record<string, { requests: number; statements: number }>;
}

/** Ids in paths (photos, users) would make a route per person: folded into one. */
function routeOf(method: string | undefined, url: string | undefined): string {
  const pathOnly = (url ?? "").split("?")[0] ?? "";
  const folded = pathOnly.startsWith("/api/photos/") ? "/api/photos/…" : pathOnly;
  return `${method ?? "?"} ${folded}`;
}

if (process.send) {
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const statements = new Map<string, { requests: number; statements: number }>();
  const currentRoute = new AsyncLocalStorage<string>();
  const entry = (route: string) => {
    let counts = statements.get(route);
    if (!counts) {
      counts = { requests: 0, statements: 0 };
      statements.set(route, counts);
    }
    return counts;
  };

  // Each request runs in a context naming its route; each statement counts for the route whose
  // context sent it (a statement that waited for a pooled connection may be counted for another
  // request's route; the totals stay exact).
  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...rest: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...rest: unknown[]) {
    if (event !== "request") return emit.call(this, event, ...rest);
    const request = rest[0] as http.IncomingMessage;
    const route = routeOf(request.method, request.url);
    entry(route).requests++;
    return currentRoute.run(route, () => emit.call(this, event, ...rest));
  } as typeof http.Server.prototype.emit;
  // The server's own copy of pg, as it resolves it: the server runs in its checkout (a baseline's
  // with --server-dir), which has its own node_modules.
  const serverRequire = createRequire(path.join(process.cwd(), "apps/server/src/main.ts"));
  const pg = serverRequire("pg") as typeof import("pg");
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    entry(currentRoute.getStore() ?? "(no request: jobs, bus, pool)").statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;

  process.on("message", (message: unknown) => {
    if (message === "probe:reset") {
      histogram.reset();
      statements.clear();
    }
    if (message === "probe:report") {
      const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
      const report: ProbeReport = {
        kind: "probe",
        eventLoop: {
          p50: ms(histogram.percentile(50)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          mean: ms(histogram.mean),
        },
        heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
        statements: Object.fromEntries(statements),
      };
      process.send?.(report);
    }
  });
  // The IPC channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
