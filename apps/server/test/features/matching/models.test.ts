import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.ts";
import { matchingModels } from "../../../src/features/matching/models.ts";
import { extractiveNarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";

const LLM = { LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_MODEL: "some-model" };

describe("choosing the scorer and the narrative writer", () => {
  it("uses the embedded ones when no model is configured", () => {
    expect(matchingModels(loadConfig({}))).toEqual({ scorer: heuristicScorer, writer: extractiveNarrativeWriter });
  });

  it("uses the model for both when one is configured", () => {
    const { scorer, writer } = matchingModels(loadConfig(LLM));
    expect(scorer.name).toBe("llm");
    expect(writer).not.toBe(extractiveNarrativeWriter);
  });

  it("each can be kept embedded while the chat uses the model", () => {
    expect(matchingModels(loadConfig({ ...LLM, MATCHING_SCORER: "heuristic" })).scorer).toBe(heuristicScorer);
    expect(matchingModels(loadConfig({ ...LLM, NARRATIVE_WRITER: "extractive" })).writer).toBe(
      extractiveNarrativeWriter,
    );
  });

  it("refuses 'llm' without a model, naming the variable", () => {
    expect(() => loadConfig({ MATCHING_SCORER: "llm" })).toThrow(/MATCHING_SCORER/);
    expect(() => loadConfig({ NARRATIVE_WRITER: "llm", LLM_BASE_URL: LLM.LLM_BASE_URL })).toThrow(/NARRATIVE_WRITER/);
    expect(() => loadConfig({ MATCHING_SCORER: "model" })).toThrow(/MATCHING_SCORER/);
  });
});
