import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Sam's Web is ready at ${config.publicUrl}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping Sam's Web …`);
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Sam's Web could not start:", error);
  }
  process.exit(1);
}
