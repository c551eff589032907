import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  generateText,
  type LanguageModel,
  NoObjectGeneratedError,
  Output,
  parsePartialJson,
  streamText,
} from "ai";
import type * as z from "zod";
import type { Config } from "../../config.ts";
import type { ModelCallRecord, ModelOutcome, ModelPurpose } from "../metrics/metrics.ts";
import { inSpan } from "../telemetry/spans.ts";

// One structured request to a language model, shared by Sam's brain, the narrative writer and
// the compatibility scorer: a deadline for the whole call, retries with backoff on 429 and 5xx,
// and an answer that must match a zod schema or the call fails.

export interface LlmCallSettings {
  model: LanguageModel;
  /** Deadline for the whole call, retries included. */
  timeoutMs: number;
  /** Retries after a 429 or 5xx answer. */
  maxRetries: number;
  /** First backoff; each retry doubles it, with jitter. */
  retryBaseMs: number;
  /** Told how each call ended, how long it took and the tokens the model reported (the metrics). */
  observe?: (call: ModelCallRecord) => void;
}

export interface StructuredRequest<S extends z.ZodType> {
  /** What the answer is for, as the metrics count it. */
  purpose: ModelPurpose;
  system: string;
  prompt: string;
  schema: S;
  /** The schema's name as the provider sees it. */
  name: string;
  maxOutputTokens: number;
  temperature: number;
}

/** The model could not be reached in time or kept failing. */
export class LlmUnavailable extends Error {
  /** True when the call's deadline passed, false when the provider failed. */
  readonly timedOut: boolean;
  constructor(message: string, options?: { cause?: unknown; timedOut?: boolean }) {
    super(message, options);
    this.name = "LlmUnavailable";
    this.timedOut = options?.timedOut ?? false;
  }
}

/** The model answered, but not with what the schema asks for (malformed, truncated, out of range). */
export class LlmInvalidOutput extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LlmInvalidOutput";
  }
}

function isRetryable(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  const status = error.statusCode ?? 0;
  return status === 429 || status >= 500;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** What a failed try becomes: an error to throw, or a backoff before the next try. */
function afterFailure(error: unknown, signal: AbortSignal, retriesLeft: boolean): { throw: Error } | { retry: true } {
  if (error instanceof LlmInvalidOutput) return { throw: error };
  if (signal.aborted) {
    return { throw: new LlmUnavailable("The model did not answer in time.", { cause: error, timedOut: true }) };
  }
  if (NoObjectGeneratedError.isInstance(error)) {
    return { throw: new LlmInvalidOutput("The model's answer did not match the schema.", { cause: error }) };
  }
  if (retriesLeft && isRetryable(error)) return { retry: true };
  return { throw: new LlmUnavailable("The model failed to answer.", { cause: error }) };
}

async function backoff(settings: LlmCallSettings, retry: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(settings.retryBaseMs * 2 ** retry * (0.5 + Math.random()), signal);
  } catch (abort) {
    throw new LlmUnavailable("The model did not answer in time.", { cause: abort, timedOut: true });
  }
}

/** How a failed call is counted: past its deadline, an answer outside the schema, or any other failure. */
function outcomeOf(error: unknown): ModelOutcome {
  if (error instanceof LlmInvalidOutput) return "invalid";
  if (error instanceof LlmUnavailable && error.timedOut) return "timeout";
  return "error";
}

/** Tokens a call's tries used, as the model reported them. */
interface TokenCount {
  input: number;
  output: number;
}

/**
 * One call as the metrics and traces see it: a span (the HTTP requests to the model nested under
 * it), and one observation of its outcome, its time (retries included) and its tokens.
 */
function observedCall<T>(
  settings: LlmCallSettings,
  request: StructuredRequest<z.ZodType>,
  call: (tokens: TokenCount) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const tokens: TokenCount = { input: 0, output: 0 };
  const observe = (outcome: ModelOutcome) =>
    settings.observe?.({
      purpose: request.purpose,
      outcome,
      seconds: (performance.now() - started) / 1000,
      inputTokens: tokens.input,
      outputTokens: tokens.output,
    });
  return inSpan(`model ${request.purpose}`, { "gen_ai.request.max_tokens": request.maxOutputTokens }, async () => {
    try {
      const answer = await call(tokens);
      observe("ok");
      return answer;
    } catch (error) {
      observe(outcomeOf(error));
      throw error;
    }
  });
}

/**
 * Asks the model for one object matching `request.schema`. Throws LlmInvalidOutput when the answer
 * does not match (never retried: the same prompt tends to fail the same way) and LlmUnavailable
 * when the deadline passes or the provider keeps failing.
 */
export function generateStructured<S extends z.ZodType>(
  settings: LlmCallSettings,
  request: StructuredRequest<S>,
): Promise<z.infer<S>> {
  return observedCall(settings, request, (tokens) => generateTries(settings, request, tokens));
}

async function generateTries<S extends z.ZodType>(
  settings: LlmCallSettings,
  request: StructuredRequest<S>,
  tokens: TokenCount,
): Promise<z.infer<S>> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  for (let retry = 0; ; retry++) {
    try {
      const result = await generateText({
        model: settings.model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema: request.schema, name: request.name }),
        maxRetries: 0,
        abortSignal: signal,
        maxOutputTokens: request.maxOutputTokens,
        temperature: request.temperature,
      });
      tokens.input += result.usage.inputTokens ?? 0;
      tokens.output += result.usage.outputTokens ?? 0;
      if (result.finishReason === "length") throw new LlmInvalidOutput("The model's answer was cut off.");
      const parsed = request.schema.safeParse(result.output);
      if (!parsed.success) throw new LlmInvalidOutput("The model's answer did not match the schema.");
      return parsed.data;
    } catch (error) {
      const next = afterFailure(error, signal, retry < settings.maxRetries);
      if ("throw" in next) throw next.throw;
      await backoff(settings, retry, signal);
    }
  }
}

/**
 * As generateStructured, streamed: `onPartial` hears the object as far as the model has written
 * it (a prefix of the JSON, repaired), token by token, and the call still resolves only with the
 * whole object once it matches the schema. A try is retried (429, 5xx) only while nothing has
 * been heard: once part of an answer was passed on, a failure ends the call.
 */
export function streamStructured<S extends z.ZodType>(
  settings: LlmCallSettings,
  request: StructuredRequest<S>,
  onPartial: (partial: unknown) => void,
): Promise<z.infer<S>> {
  return observedCall(settings, request, (tokens) => streamTries(settings, request, onPartial, tokens));
}

async function streamTries<S extends z.ZodType>(
  settings: LlmCallSettings,
  request: StructuredRequest<S>,
  onPartial: (partial: unknown) => void,
  tokens: TokenCount,
): Promise<z.infer<S>> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  for (let retry = 0; ; retry++) {
    let heard = false;
    try {
      const result = streamText({
        model: settings.model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema: request.schema, name: request.name }),
        maxRetries: 0,
        abortSignal: signal,
        maxOutputTokens: request.maxOutputTokens,
        temperature: request.temperature,
        // Errors arrive in the stream below and are handled there; the default would log them.
        onError: () => {},
      });
      let text = "";
      let finishReason: string | undefined;
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") {
          text += part.text;
          const { value } = await parsePartialJson(text);
          if (value !== undefined && value !== null && typeof value === "object") {
            heard = true;
            onPartial(value);
          }
        } else if (part.type === "error") {
          throw part.error;
        } else if (part.type === "abort") {
          throw signal.reason ?? new Error("The model's answer was aborted.");
        } else if (part.type === "finish") {
          finishReason = part.finishReason;
          tokens.input += part.totalUsage.inputTokens ?? 0;
          tokens.output += part.totalUsage.outputTokens ?? 0;
        }
      }
      if (finishReason === "length") throw new LlmInvalidOutput("The model's answer was cut off.");
      let whole: unknown;
      try {
        whole = JSON.parse(text);
      } catch (error) {
        throw new LlmInvalidOutput("The model's answer did not match the schema.", { cause: error });
      }
      const parsed = request.schema.safeParse(whole);
      if (!parsed.success) throw new LlmInvalidOutput("The model's answer did not match the schema.");
      return parsed.data;
    } catch (error) {
      const next = afterFailure(error, signal, !heard && retry < settings.maxRetries);
      if ("throw" in next) throw next.throw;
      await backoff(settings, retry, signal);
    }
  }
}

/** An OpenAI-compatible chat model (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export function openAiCompatibleModel(settings: { baseUrl: string; apiKey?: string; model: string }): LanguageModel {
  const provider = createOpenAICompatible({
    name: "sam-llm",
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    supportsStructuredOutputs: true,
  });
  return provider.chatModel(settings.model);
}

/** The configured model and its call limits, or null when no model is configured. */
export function configuredLlm(config: Config, observe?: LlmCallSettings["observe"]): LlmCallSettings | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return {
    model: openAiCompatibleModel({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }),
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    retryBaseMs: config.LLM_RETRY_BASE_MS,
    observe,
  };
}
