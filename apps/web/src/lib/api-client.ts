import type { CallableName, ErrorStatus } from "@sams-web/domain/callables";
import { CALLABLE_PATH_PREFIX, ERROR_STATUS_HTTP, statusForHttp } from "@sams-web/domain/callables";

/** Every failed server call becomes this, so screens map `status` codes to the spec's messages. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: { status?: unknown; message?: unknown } } | null;
  const status = body?.error?.status;
  const message = body?.error?.message;
  // Checked by hand rather than with the zod contract: this file is on the first page's
  // critical path, and zod would double its size.
  if (typeof status === "string" && status in ERROR_STATUS_HTTP && typeof message === "string") {
    return new ApiError(status as ErrorStatus, message, response.status);
  }
  return new ApiError(statusForHttp(response.status), response.statusText || "Request failed", response.status);
}

/** A JSON request to our own API; the session cookie travels with it. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: json === undefined ? headers : { "content-type": "application/json", ...headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError("UNAVAILABLE", "The server could not be reached.", 0);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Invokes a callable with the Firebase-style protocol: {data} in, {result} out. */
export async function call<Result = unknown>(name: CallableName, data: unknown = {}): Promise<Result> {
  const body = await apiFetch<{ result: Result }>(`${CALLABLE_PATH_PREFIX}${name}`, {
    method: "POST",
    json: { data },
  });
  return body.result;
}
