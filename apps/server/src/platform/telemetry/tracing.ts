import { register } from "node:module";

// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: main.ts imports this file
// (and, through it, the SDK) before anything else, so a default start loads none of it.
//
// Spans: each HTTP request (the http instrumentation, named by route by @fastify/otel), every
// database query made within one (pg), calls out over fetch (undici: the language model), and our
// own around each job, each search step and each model call (spans.ts). They go to the collector
// over OTLP/HTTP; the SDK reads the standard variables (OTEL_SERVICE_NAME,
// OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_BSP_SCHEDULE_DELAY …).

export interface Tracing {
  /** Sends the spans still waiting, then stops. */
  shutdown(): Promise<void>;
}

/** Starts tracing; call it before importing the server, whose modules it must see load. */
export async function startTracing(): Promise<Tracing> {
  // Our code is ES modules: this loader hook lets the instrumentations patch what they import.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);

  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes, detectResources, envDetector },
    { ATTR_SERVICE_NAME },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { UndiciInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/semantic-conventions"),
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-undici"),
    import("@fastify/otel"),
  ]);

  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over our name.
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: "sams-web" }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes every few seconds would drown the traces people look at.
        ignoreIncomingRequestHook: (request) => (request.url ?? "").startsWith("/api/health"),
        // As in the logs, a request is known by its path: a query string may carry a one-time code
        // (a verification link, an answer link), so none is kept.
        requestHook: (span, request) => {
          if ("headers" in request && "url" in request && request.url?.includes("?")) {
            span.setAttribute("url.query", "REDACTED");
          }
        },
      }),
      // A span for each route's handler, named by its route; not one per hook of every plugin.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: ({ url }) => url.startsWith("/api/health"),
        lifecycleHook: (span, { request }) => span.updateName(`handler ${request.routeOptions.url ?? ""}`),
        // Its request span records the URL: the path only, as above.
        requestHook: (span, request) => span.setAttribute("url.path", request.url.split("?")[0] ?? ""),
      }),
      // Only queries made on behalf of something traced: not the job queue's polling.
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
