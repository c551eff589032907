import fp from "fastify-plugin";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import * as z from "zod";

/**
 * Route schemas are zod schemas: request parts are validated (a failure is answered by the error
 * handler as 400 with the first problem's message) and responses serialized through them.
 * Routes opt in with `app.withTypeProvider<ZodTypeProvider>()`.
 */
export const zodSchemasPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
  },
  { name: "zod-schemas" },
);

/**
 * A JSON body that may be left out: a missing body is checked as `{}`, so the answer names the
 * first missing field rather than the missing body.
 */
export function optionalJsonBody<S extends z.ZodType>(schema: S) {
  return z.preprocess((body) => body ?? {}, schema);
}

/**
 * A JSON body that must be there. Fastify hands a validator `null` for a missing body; it is
 * checked as missing (`undefined`), so the message says what was absent.
 */
export function requiredJsonBody<S extends z.ZodType>(schema: S) {
  return z.preprocess((body) => body ?? undefined, schema);
}
