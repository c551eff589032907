import {
  CALLABLE_PATH_PREFIX,
  CALLABLE_STREAM_TYPE,
  type CallableInput,
  type CallableName,
  type CallableOutput,
  type CallableStreamLine,
  ERROR_STATUS_HTTP,
  type ErrorStatus,
  statusForHttp,
} from "@sams-web/domain/api/callables";

/**
 * Every failed server call becomes this. Screens decide by `status` and `code`, never by the
 * message's text, so a reworded message cannot change what a screen does.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly httpStatus: number,
    /** What went wrong: a key of the domain's MESSAGES, or an auth service code (domain auth-errors). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Whether a failed call answered one of these codes. */
export function hasErrorCode<Code extends string>(
  error: unknown,
  ...codes: readonly Code[]
): error is ApiError & { code: Code } {
  return error instanceof ApiError && error.code !== null && (codes as readonly string[]).includes(error.code);
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { status?: unknown; message?: unknown; code?: unknown };
    code?: unknown;
    message?: unknown;
  } | null;
  const status = body?.error?.status;
  const message = body?.error?.message;
  // The auth service answers {code, message}; our routes {error: {status, code, message}}.
  const rawCode = body?.error?.code ?? body?.code;
  const code = typeof rawCode === "string" ? rawCode : null;
  // Checked by hand rather than with the zod contract: this file is on the first page's
  // critical path, and zod would double its size.
  if (typeof status === "string" && status in ERROR_STATUS_HTTP && typeof message === "string") {
    return new ApiError(status as ErrorStatus, message, response.status, code);
  }
  const fallback = typeof body?.message === "string" ? body.message : response.statusText || "Request failed";
  return new ApiError(statusForHttp(response.status), fallback, response.status, code);
}

const unreachable = () => new ApiError("UNAVAILABLE", "The server could not be reached.", 0);

/** A request to our own API whose answer was a success (2xx); any other answer is thrown as an ApiError. */
async function request(
  path: string,
  init: RequestInit & { json?: unknown; botcheck?: boolean | "harder" },
): Promise<Response> {
  const { json, headers, botcheck, ...rest } = init;
  const extra: Record<string, string> = {};
  if (json !== undefined) extra["content-type"] = "application/json";
  if (botcheck) {
    const { BOTCHECK_HEADER, solveBotcheck } = await import("./botcheck.ts");
    try {
      extra[BOTCHECK_HEADER] = await solveBotcheck(botcheck === "harder" ? "harder" : "normal");
    } catch {
      throw unreachable();
    }
  }
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { ...extra, ...(headers as Record<string, string> | undefined) },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * A JSON request to our own API; the session cookie travels with it. `botcheck: true` solves a
 * proof-of-work challenge first and sends it in the x-botcheck header (loaded only when asked);
 * `"harder"` solves the harder challenge a sign-in to an account under attack needs.
 */
export async function apiFetch<T>(
  path: string,
  init: RequestInit & { json?: unknown; botcheck?: boolean | "harder" } = {},
): Promise<T> {
  const response = await request(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Invokes a callable with the Firebase-style protocol: {data} in, {result} out. Its input and
 * result types come from the domain's contract map, so no call site names or casts them.
 */
export async function call<Name extends CallableName>(
  name: Name,
  data: CallableInput<Name>,
  options: { botcheck?: boolean } = {},
): Promise<CallableOutput<Name>> {
  const body = await apiFetch<{ result: CallableOutput<Name> }>(`${CALLABLE_PATH_PREFIX}${name}`, {
    method: "POST",
    json: { data },
    botcheck: options.botcheck,
  });
  return body.result;
}

/**
 * A callable whose answer may arrive as it is written (Sam's reply from a model): `onText` hears
 * the answer's text so far, each time more arrives, and the call resolves with the result as
 * call() does. The server may also answer at once, as any callable; both are read here.
 */
export async function callStreaming<Name extends CallableName>(
  name: Name,
  data: CallableInput<Name>,
  options: { botcheck?: boolean; onText: (textSoFar: string) => void },
): Promise<CallableOutput<Name>> {
  const response = await request(`${CALLABLE_PATH_PREFIX}${name}`, {
    method: "POST",
    json: { data },
    botcheck: options.botcheck,
    headers: { accept: `${CALLABLE_STREAM_TYPE}, application/json` },
  });
  if (!response.headers.get("content-type")?.startsWith(CALLABLE_STREAM_TYPE) || !response.body) {
    return ((await response.json()) as { result: CallableOutput<Name> }).result;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const line = JSON.parse(buffered.slice(0, end)) as CallableStreamLine<CallableOutput<Name>>;
        buffered = buffered.slice(end + 1);
        if ("result" in line) return line.result;
        if ("error" in line) throw new ApiError(line.error.status, line.error.message, response.status);
        text += line.delta;
        options.onText(text);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
  } finally {
    reader.cancel().catch(() => {});
  }
  // The connection ended before the result: the answer is lost on the way, not refused.
  throw unreachable();
}
