// Tracing, when configured, must start before the modules it instruments load: everything else is
// imported after it (and a default start never loads it).
import type { Tracing } from "./platform/telemetry/tracing.ts";

const tracing: Tracing | null = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  ? await (await import("./platform/telemetry/tracing.ts")).startTracing()
  : null;

const { ConfigError, loadConfig } = await import("./config.ts");
const { stopOnSignals } = await import("./platform/lifecycle/graceful-shutdown.ts");
const { startServer } = await import("./server.ts");

try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Sam's Web is ready at ${config.publicUrl}`);
  stopOnSignals(async () => {
    await server.stop();
    // The last spans (the drain's) still reach the collector.
    await tracing?.shutdown().catch(() => {});
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Every cause is a sentence; a stack trace would bury it.
    console.error(`Sam's Web could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
