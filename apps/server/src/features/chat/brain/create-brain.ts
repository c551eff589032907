import type { Config } from "../../../config.ts";
import { configuredLlm } from "../../../platform/llm/structured-call.ts";
import type { Brain } from "./brain.ts";
import { createLlmBrain } from "./llm-brain.ts";
import { createScriptedBrain } from "./scripted-brain.ts";

/** The configured brain: the language model when one is configured, else the scripted interviewer. */
export function createBrain(config: Config): Brain {
  const llm = configuredLlm(config);
  return llm ? createLlmBrain(llm) : createScriptedBrain();
}
