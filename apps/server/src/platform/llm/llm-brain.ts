import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, type LanguageModel, Output } from "ai";
import * as z from "zod";
import { type Brain, BrainFailure, type BrainInput, type BrainReply } from "./brain.ts";
import { systemPrompt, userPrompt } from "./prompts.ts";

/** The reply the model must produce; anything else (malformed, truncated, empty) is a failure. */
export const samReplySchema = z.object({
  message: z.string().trim().min(1).max(2_000),
  stage_complete: z.boolean(),
  stage_complete_justification: z.string().max(1_000),
});

export interface LlmBrainOptions {
  model: LanguageModel;
  /** Deadline for the whole reply, retries included. */
  timeoutMs: number;
  /** Retries after a 429 or 5xx answer. */
  maxRetries: number;
  /** First backoff; each retry doubles it, with jitter. */
  retryBaseMs: number;
  /** Most tokens the model may write for one reply. */
  maxOutputTokens?: number;
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

export function createLlmBrain(options: LlmBrainOptions): Brain {
  const attempt = async (input: BrainInput, signal: AbortSignal): Promise<BrainReply> => {
    const result = await generateText({
      model: options.model,
      system: systemPrompt(input),
      prompt: userPrompt(input),
      output: Output.object({ schema: samReplySchema, name: "sam_reply" }),
      maxRetries: 0,
      abortSignal: signal,
      maxOutputTokens: options.maxOutputTokens ?? 600,
      temperature: 0.7,
    });
    if (result.finishReason === "length") throw new BrainFailure("The model's reply was cut off.");
    const parsed = samReplySchema.safeParse(result.output);
    if (!parsed.success) throw new BrainFailure("The model's reply did not match the schema.");
    return {
      message: parsed.data.message,
      stageComplete: parsed.data.stage_complete,
      justification: parsed.data.stage_complete_justification,
    };
  };

  return {
    kind: "llm",
    async reply(input) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      for (let retry = 0; ; retry++) {
        try {
          return await attempt(input, signal);
        } catch (error) {
          if (signal.aborted) throw new BrainFailure("The model did not answer in time.", { cause: error });
          if (retry < options.maxRetries && isRetryable(error)) {
            const backoff = options.retryBaseMs * 2 ** retry * (0.5 + Math.random());
            try {
              await sleep(backoff, signal);
            } catch (abort) {
              throw new BrainFailure("The model did not answer in time.", { cause: abort });
            }
            continue;
          }
          if (error instanceof BrainFailure) throw error;
          throw new BrainFailure("The model failed to reply.", { cause: error });
        }
      }
    },
  };
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
