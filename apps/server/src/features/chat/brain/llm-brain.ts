import * as z from "zod";
import { generateStructured, type LlmCallSettings } from "../../../platform/llm/structured-call.ts";
import { type Brain, BrainFailure, type BrainReply } from "./brain.ts";
import { systemPrompt, userPrompt } from "./prompts.ts";

/** The reply the model must produce; anything else (malformed, truncated, empty) is a failure. */
export const samReplySchema = z.object({
  message: z.string().trim().min(1).max(2_000),
  stage_complete: z.boolean(),
  stage_complete_justification: z.string().max(1_000),
});

export interface LlmBrainOptions extends LlmCallSettings {
  /** Most tokens the model may write for one reply. */
  maxOutputTokens?: number;
}

export function createLlmBrain(options: LlmBrainOptions): Brain {
  return {
    kind: "llm",
    async reply(input): Promise<BrainReply> {
      try {
        const reply = await generateStructured(options, {
          system: systemPrompt(input),
          prompt: userPrompt(input),
          schema: samReplySchema,
          name: "sam_reply",
          maxOutputTokens: options.maxOutputTokens ?? 600,
          temperature: 0.7,
        });
        return {
          message: reply.message,
          stageComplete: reply.stage_complete,
          justification: reply.stage_complete_justification,
        };
      } catch (error) {
        throw new BrainFailure(error instanceof Error ? error.message : "The model failed to reply.", { cause: error });
      }
    },
  };
}
