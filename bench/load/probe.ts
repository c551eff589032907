// Loaded into the server process by bench/load.ts (`node --import tsx --import …/probe.ts`), never
// by the service itself: measures the event loop's delay and the heap between two messages from
// the benchmark over the IPC channel, so each ramp step gets its own figures.
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface ProbeReport {
  kind: "probe";
  /**
   * Event loop delay over the step, in ms: how late a timer due every RESOLUTION_MS fired (perf_hooks
   * records the whole interval, so the resolution is taken off).
   */
  eventLoop: { p50: number; p99: number; max: number; mean: number };
  heapUsedMb: number;
}

if (process.send) {
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  process.on("message", (message: unknown) => {
    if (message === "probe:reset") histogram.reset();
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
      };
      process.send?.(report);
    }
  });
  // The IPC channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
