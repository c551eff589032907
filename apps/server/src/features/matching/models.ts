import type { Config } from "../../config.ts";
import { configuredLlm, type LlmCallSettings } from "../../platform/llm/structured-call.ts";
import { createLlmNarrativeWriter } from "./narrative/llm-narrative-writer.ts";
import { extractiveNarrativeWriter, type NarrativeWriter } from "./narrative/narrative.ts";
import { heuristicScorer } from "./scoring/heuristic-scorer.ts";
import { createLlmScorer } from "./scoring/llm-scorer.ts";
import type { Scorer } from "./scoring/scorer.ts";

/**
 * The scorer and narrative writer the configuration asks for: the language model when it is
 * configured and not turned off (MATCHING_SCORER, NARRATIVE_WRITER), else the embedded ones.
 * The config refuses 'llm' without a model, so 'llm' here always has one. `observe` hears each
 * model call (the metrics).
 */
export function matchingModels(
  config: Config,
  observe?: LlmCallSettings["observe"],
): { scorer: Scorer; writer: NarrativeWriter } {
  const llm = configuredLlm(config, observe);
  return {
    scorer: llm && config.MATCHING_SCORER !== "heuristic" ? createLlmScorer(llm) : heuristicScorer,
    writer: llm && config.NARRATIVE_WRITER !== "extractive" ? createLlmNarrativeWriter(llm) : extractiveNarrativeWriter,
  };
}
