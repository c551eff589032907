import {
  CALLABLE_NAMES,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from "@sams-web/domain/api/callables";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import * as z from "zod";
import { AppError } from "./errors.ts";

export interface CallableContext {
  request: FastifyRequest;
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
    app.post<{ Params: { name: string } }>("/api/call/:name", async (request) => {
      const callable = registry.get(request.params.name);
      if (!callable) throw new AppError("NOT_FOUND", `There is no callable named ${request.params.name}.`);
      const envelope = envelopeSchema.safeParse(request.body ?? {});
      if (!envelope.success) throw new AppError("INVALID_ARGUMENT", 'The body must be {"data": …}.');
      const input = callable.input.safeParse(envelope.data.data ?? {});
      if (!input.success) {
        throw new AppError("INVALID_ARGUMENT", input.error.issues[0]?.message ?? "Invalid argument.");
      }
      const result = await callable.handler(input.data, { request });
      return { result: result ?? null };
    });
  },
  { name: "callables" },
);
