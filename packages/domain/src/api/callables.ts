// Free of zod on purpose: the browser's first page imports it.
// The callable protocol: POST /api/call/<name> with {"data": …} answers 200 {"result": …}, or an
// HTTP error with {"error": {"status", "message"}} using the Firebase/gRPC status names.
export const CALLABLE_NAMES = [
  "callSamApi",
  "triggeredPhotoMatch",
  "triggeredFollowupsMatch",
  "triggeredGenerateNarrative",
  "triggeredPrelimMatch",
  "triggeredMatchingAlgo",
  "sendCustomVerificationEmail",
  "sendCustomPasswordResetEmail",
  "triggeredMatchConfirmation",
] as const;
export type CallableName = (typeof CALLABLE_NAMES)[number];

export const CALLABLE_PATH_PREFIX = "/api/call/";

export const ERROR_STATUS_HTTP = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_HTTP;
export interface ErrorBody {
  error: { status: ErrorStatus; message: string };
}

/** The status name for an HTTP code, for errors that did not come from a callable (413, 404…). */
export function statusForHttp(code: number): ErrorStatus {
  const match = Object.entries(ERROR_STATUS_HTTP).find(([, http]) => http === code);
  if (match) return match[0] as ErrorStatus;
  if (code === 408) return "DEADLINE_EXCEEDED";
  return code >= 500 ? "INTERNAL" : "INVALID_ARGUMENT";
}
