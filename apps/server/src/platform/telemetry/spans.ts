import { type Attributes, SpanStatusCode, trace } from "@opentelemetry/api";

// Our own spans, around work no instrumentation sees as one piece: a job, a search step, a model
// call. Without tracing configured, the API's tracer is a no-op and this costs next to nothing.

const tracer = trace.getTracer("sams-web");

/** Runs `work` in a span named `name` (a child of the current one), marking it failed if it throws. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
