import { statusForHttp } from "@sams-web/domain/api/callables";
import type { MessageCode } from "@sams-web/domain/shared/messages";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./database-unavailable.ts";
import { AppError, invalidArgument } from "./errors.ts";

/** Every error answer: `{"error": {"status", "code", "message"}}` (see the domain's api/callables). */
function send(reply: FastifyReply, error: AppError, httpStatus = error.httpStatus) {
  return reply.code(httpStatus).send({ error: { status: error.status, code: error.code, message: error.message } });
}

/** Fastify's own 4xx (a body too large, not JSON, a missing content type …) by the domain's codes. */
function clientError(error: FastifyError): { code: MessageCode; message?: string } {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return { code: "requestTooLarge" };
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) return { code: "invalidJson" };
  return { code: "invalidRequest", message: error.message };
}

/**
 * The one place errors become responses. 4xx answers say what was wrong; a 5xx never carries a
 * stack, SQL or any detail: those go to the log only. A database that cannot be reached gives
 * 503 with Retry-After, like the health check, so clients and balancers wait instead of failing.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
      if (error instanceof AppError) return send(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) return send(reply, invalidArgument(error.validation[0]?.message));
      if (error instanceof ZodError) return send(reply, invalidArgument(error.issues[0]?.message));
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, "database unavailable");
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        return send(reply, new AppError("UNAVAILABLE", "serverError"));
      }
      const code = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
      if (code >= 500) {
        request.log.error({ err: error }, "request failed");
        return send(reply, new AppError(statusForHttp(code), "serverError"), code);
      }
      const refused = clientError(error);
      return send(reply, new AppError(statusForHttp(code), refused.code, refused.message), code);
    });

    app.setNotFoundHandler((request, reply) =>
      send(reply, new AppError("NOT_FOUND", "noRoute", `No route for ${request.method} ${request.url}`)),
    );
  },
  { name: "error-handler" },
);
