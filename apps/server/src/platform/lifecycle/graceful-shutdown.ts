import type { FastifyInstance } from "fastify";

/** How often, while draining, connections whose last request has finished are closed. */
const IDLE_REAP_MS = 50;

/**
 * Stops the HTTP side. First the instance says it is no longer ready (/api/health/ready answers
 * 503) and goes on serving for `delayMs`, so a balancer that polls readiness stops sending to it;
 * then no new connections, open event streams ended (the events feature's preClose hook), new
 * requests on kept-alive connections answered 503, and requests in flight allowed to finish for
 * up to `graceMs`; past that their connections are cut.
 */
export async function closeHttpGracefully(
  app: FastifyInstance,
  { graceMs, delayMs = 0 }: { graceMs: number; delayMs?: number },
): Promise<void> {
  app.readiness.draining = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  // A kept-alive connection whose request finishes during the drain would otherwise stay open
  // (closing reaps only the connections idle at that moment) and hold the process until the
  // deadline.
  const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
  const deadline = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(deadline);
  }
}

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/**
 * On SIGTERM (or Ctrl-C, or a closed terminal) the server stops in its own order, through
 * `stop`, then the process exits 0. A second signal while stopping exits at once.
 */
export function stopOnSignals(stop: () => Promise<void>, log: (line: string) => void = console.log): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} received again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal} received: stopping Sam's Web …`);
    const started = performance.now();
    void stop().finally(() => {
      log(`Sam's Web stopped in ${Math.round(performance.now() - started)} ms.`);
      process.exit(0);
    });
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}
