import type { FastifyServerOptions } from "fastify";
import pg from "pg";

// The log never holds what people typed. Requests are logged by method and path (a route's
// pattern where it has parameters), without the query string. Errors keep their type, code and
// stack, but a failed query is named by its SQL only (its parameters are people's text), and a
// database error by its code and the schema objects involved (its message and detail can quote
// a value).

export interface LogStream {
  write(line: string): void;
}

/** A database error's fields that name the failure and the schema, never a value. */
const DATABASE_ERROR_FIELDS = ["code", "severity", "routine", "schema", "table", "column", "constraint"] as const;
/** Plain fields worth keeping on any error (HTTP status, library error codes). */
const ERROR_FIELDS = ["code", "statusCode", "status"] as const;
const MAX_CAUSES = 5;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Drizzle's wrapper of a failed query: `query` is the SQL text, `params` the values sent with it. */
function isQueryError(error: Error): error is Error & { query: string; params: unknown[] } {
  const candidate = error as Error & { query?: unknown; params?: unknown };
  return typeof candidate.query === "string" && Array.isArray(candidate.params);
}

/** The stack's frames only: the message the stack starts with may quote people's text. */
function framesOf(error: Error): string {
  const stack = error.stack ?? "";
  const end = stack.indexOf(error.message);
  const frames = end >= 0 ? stack.slice(end + error.message.length) : stack;
  return frames
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n");
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "A non-error value was thrown.", stack: "" };
  const type = error.constructor?.name || error.name;
  const out: SerializedError = { type, message: error.message, stack: "" };
  if (error instanceof pg.DatabaseError) {
    out.message = `Database error ${error.code ?? "unknown"}`;
    for (const field of DATABASE_ERROR_FIELDS) if (error[field] !== undefined) out[field] = error[field];
  } else {
    if (isQueryError(error)) out.message = `Failed query: ${error.query}`;
    const fields = error as unknown as Record<string, unknown>;
    for (const field of ERROR_FIELDS) {
      const value = fields[field];
      if (typeof value === "string" || typeof value === "number") out[field] = value;
    }
  }
  out.stack = `${type}: ${out.message}\n${framesOf(error)}`;
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * Fastify's request fields, with the URL cut to its path and, on a route with parameters, the
 * route's pattern in place of the values (/api/photos/:userId/:version/:file).
 */
function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
}) {
  const pattern = request.routeOptions?.url;
  return {
    method: request.method,
    url: pattern?.includes(":") ? pattern : request.url.split("?")[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError },
    // Should a log call ever pass a request's body, query or headers along, they are dropped.
    redact: {
      paths: ["body", "query", "params", "headers", "req.body", "req.query", "req.headers", "err.params"],
      remove: true,
    },
  };
}
