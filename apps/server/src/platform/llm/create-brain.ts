import type { Config } from "../../config.ts";
import type { Brain } from "./brain.ts";
import { createLlmBrain, openAiCompatibleModel } from "./llm-brain.ts";
import { createScriptedBrain } from "./scripted-brain.ts";

/** The configured brain: the language model when one is configured, else the scripted interviewer. */
export function createBrain(config: Config): Brain {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return createScriptedBrain();
  return createLlmBrain({
    model: openAiCompatibleModel({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }),
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    retryBaseMs: config.LLM_RETRY_BASE_MS,
  });
}
