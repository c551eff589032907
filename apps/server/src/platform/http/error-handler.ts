import { statusForHttp } from "@sams-web/domain/api/callables";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./database-unavailable.ts";
import { AppError } from "./errors.ts";

const GENERIC_5XX = "Something went wrong on our side. Please try again.";

/** An invalid request: 400 with the first problem's message, whether a route schema or a handler found it. */
function invalidArgument(message: string | undefined) {
  return { error: { status: "INVALID_ARGUMENT", message: message ?? "Invalid request." } };
}

/**
 * The one place errors become responses. 4xx answers say what was wrong; a 5xx never carries a
 * stack, SQL or any detail: those go to the log only. A database that cannot be reached gives
 * 503 with Retry-After, like the health check, so clients and balancers wait instead of failing.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
      if (error instanceof AppError) {
        return reply.code(error.httpStatus).send({ error: { status: error.status, message: error.message } });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send(invalidArgument(error.validation[0]?.message));
      }
      if (error instanceof ZodError) return reply.code(400).send(invalidArgument(error.issues[0]?.message));
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, "database unavailable");
        return reply
          .code(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send({ error: { status: "UNAVAILABLE", message: GENERIC_5XX } });
      }
      const code = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
      if (code >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply.code(code).send({ error: { status: statusForHttp(code), message: GENERIC_5XX } });
      }
      const message =
        error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "The request is too large."
          : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
            ? "The request body is not valid JSON."
            : error.message;
      return reply.code(code).send({ error: { status: statusForHttp(code), message } });
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .send({ error: { status: "NOT_FOUND", message: `No route for ${request.method} ${request.url}` } });
    });
  },
  { name: "error-handler" },
);
