import { ConfigError, loadConfig } from "./config.ts";
import { stopOnSignals } from "./platform/lifecycle/graceful-shutdown.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Sam's Web is ready at ${config.publicUrl}`);
  stopOnSignals(server.stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Every cause is a sentence; a stack trace would bury it.
    console.error(`Sam's Web could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
