// Errors that mean "the database cannot be reached right now", as opposed to a bug: the request
// may well work a moment later, so it is answered 503 with Retry-After rather than 500.

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

// Socket errors from Node when the database's host or port does not answer.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// PostgreSQL's own: class 08 (connection exception), the server shutting down or starting
// (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), too many connections
// (53300), and a statement cancelled by statement_timeout (57014).
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

// node-postgres and its pool report a lost or late server in messages only.
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^timeout expired/,
  /^Query read timeout/,
  /not queryable/,
  /^Connection ended/,
];

/** Whether `error`, or anything it wraps (`cause`, an AggregateError's `errors`), is one of them. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 6 || typeof error !== "object" || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) {
    return true;
  }
  if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
