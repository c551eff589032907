import { PassThrough } from "node:stream";
import {
  CALLABLE_NAMES,
  CALLABLE_STREAM_TYPE,
  type CallableInput,
  type CallableName,
  type CallableOutput,
  type CallableStreamLine,
} from "@sams-web/domain/api/callables";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import * as z from "zod";
import { AppError, invalidArgument } from "./errors.ts";

export interface CallableContext {
  request: FastifyRequest;
  /**
   * Present when the caller reads streamed answers (CALLABLE_STREAM_TYPE): passes on more of the
   * answer's text ahead of the result. The first call starts the stream (200), so everything that
   * may refuse the call must have run before it.
   */
  streamText?: (delta: string) => void;
}

export interface CallableDefinition<Input extends z.ZodType, Output> {
  input: Input;
  handler: (data: z.infer<Input>, context: CallableContext) => Promise<Output>;
}

const envelopeSchema = z.object({ data: z.unknown().optional() }).strict();

// biome-ignore lint/suspicious/noExplicitAny: the registry holds callables of every input type.
type AnyCallable = CallableDefinition<any, unknown>;

/** Where features register their callables; the route below serves them all. */
export class CallableRegistry {
  private readonly callables = new Map<CallableName, AnyCallable>();

  /**
   * A callable's input schema must accept what the domain's contract map says callers send, and
   * its handler must answer the contract's result: the browser's call() is typed by the same map.
   */
  register<Name extends CallableName, Input extends z.ZodType<unknown, CallableInput<Name>>>(
    name: Name,
    definition: CallableDefinition<Input, CallableOutput<Name>>,
  ): void {
    if (this.callables.has(name)) throw new Error(`Callable ${name} is registered twice`);
    this.callables.set(name, definition as AnyCallable);
  }

  get(name: string): AnyCallable | undefined {
    return (CALLABLE_NAMES as readonly string[]).includes(name) ? this.callables.get(name as CallableName) : undefined;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Where features register their callables; POST /api/call/:name serves them all. */
    callables: CallableRegistry;
  }
}

/** The callable protocol: {"data": …} in, {"result": …} out, errors as the error handler answers them. */
export const callablesPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new CallableRegistry();
    app.decorate("callables", registry);
    app.post<{ Params: { name: string } }>("/api/call/:name", async (request, reply) => {
      const callable = registry.get(request.params.name);
      if (!callable)
        throw new AppError("NOT_FOUND", "noSuchCallable", `There is no callable named ${request.params.name}.`);
      const envelope = envelopeSchema.safeParse(request.body ?? {});
      if (!envelope.success) throw new AppError("INVALID_ARGUMENT", "invalidEnvelope");
      const input = callable.input.safeParse(envelope.data.data ?? {});
      if (!input.success) {
        throw invalidArgument(input.error.issues[0]?.message);
      }
      let stream: PassThrough | undefined;
      const writeLine = (line: CallableStreamLine<unknown>) => stream?.write(`${JSON.stringify(line)}\n`);
      const streamText = (request.headers.accept ?? "").includes(CALLABLE_STREAM_TYPE)
        ? (delta: string) => {
            if (!stream) {
              stream = new PassThrough();
              // Sent as it is written: not buffered by a proxy (nor compressed: the type is not one @fastify/compress takes).
              void reply
                .header("content-type", `${CALLABLE_STREAM_TYPE}; charset=utf-8`)
                .header("cache-control", "no-cache, no-transform")
                .header("x-accel-buffering", "no")
                .send(stream);
            }
            writeLine({ delta });
          }
        : undefined;
      let result: unknown;
      try {
        result = await callable.handler(input.data, { request, streamText });
      } catch (error) {
        if (!stream) throw error;
        // The status line is gone: the error becomes the stream's last line, without detail.
        if (!(error instanceof AppError)) request.log.error({ err: error }, "streamed call failed");
        writeLine({
          error:
            error instanceof AppError
              ? { status: error.status, message: error.message }
              : { status: "INTERNAL", message: "Something went wrong on our side. Please try again." },
        });
        stream.end();
        return reply;
      }
      if (!stream) return { result: result ?? null };
      writeLine({ result: result ?? null });
      stream.end();
      return reply;
    });
  },
  { name: "callables" },
);
