import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { Registry } from "prom-client";

// How Prometheus reads an instance's metrics: on a port of their own (METRICS_PORT, for a private
// network), or on the public port at METRICS_PATH with `Authorization: Bearer $METRICS_TOKEN`.
// Whoever asks without the token gets the same 404 as a path that does not exist.

/** The path on the public port, only with METRICS_TOKEN set. */
export const METRICS_PATH = "/api/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header?.trim() ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The metrics port: GET /metrics answers the registry in Prometheus' text format; anything else
 * 404. With METRICS_TOKEN set, the port asks for it too.
 */
export async function startMetricsServer(
  registry: Registry,
  options: { host: string; port: number; token?: string },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    const allowed = !options.token || bearerMatches(request.headers.authorization, options.token);
    if (request.method !== "GET" || path !== "/metrics" || !allowed) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics failed\n"),
    );
  });
  // A scraper keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    const refuse = (error: Error) =>
      reject(new Error(`the metrics port ${options.port} (METRICS_PORT) cannot be opened: ${error.message}`));
    server.once("error", refuse);
    server.listen(options.port, options.host, () => {
      server.off("error", refuse);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
