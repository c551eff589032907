import type { Config } from "../../config.ts";
import type { Brain } from "./brain.ts";
import { createLlmBrain } from "./llm-brain.ts";
import { createScriptedBrain } from "./scripted-brain.ts";
import { configuredLlm } from "./structured-call.ts";

/** The configured brain: the language model when one is configured, else the scripted interviewer. */
export function createBrain(config: Config): Brain {
  const llm = configuredLlm(config);
  return llm ? createLlmBrain(llm) : createScriptedBrain();
}
