import type { Config } from "../../../config.ts";
import { configuredLlm, type LlmCallSettings } from "../../../platform/llm/structured-call.ts";
import type { Brain } from "./brain.ts";
import { createLlmBrain } from "./llm-brain.ts";
import { createScriptedBrain } from "./scripted-brain.ts";

/**
 * The configured brain: the language model when one is configured, else the scripted interviewer.
 * `observe` hears each model call (the metrics).
 */
export function createBrain(config: Config, observe?: LlmCallSettings["observe"]): Brain {
  const llm = configuredLlm(config, observe);
  return llm ? createLlmBrain(llm) : createScriptedBrain();
}
