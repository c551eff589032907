import * as z from "zod";
import { generateStructured, type LlmCallSettings, streamStructured } from "../../../platform/llm/structured-call.ts";
import { type Brain, BrainFailure, type BrainReply, type ReplyDraftListener } from "./brain.ts";
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

/**
 * The `message` field of the model's partial answer, passed on each time it grows. The schema
 * trims the message, so the draft does too (at its start; its end is still being written).
 */
function draftOfMessage(onDraft: ReplyDraftListener): (partial: unknown) => void {
  let heard = "";
  return (partial) => {
    const message = (partial as { message?: unknown }).message;
    if (typeof message !== "string") return;
    const draft = message.trimStart();
    if (draft.length > heard.length && draft.startsWith(heard)) {
      heard = draft;
      onDraft(draft);
    }
  };
}

export function createLlmBrain(options: LlmBrainOptions): Brain {
  return {
    kind: "llm",
    async reply(input, onDraft?: ReplyDraftListener): Promise<BrainReply> {
      const request = {
        purpose: "reply" as const,
        system: systemPrompt(input),
        prompt: userPrompt(input),
        schema: samReplySchema,
        name: "sam_reply",
        maxOutputTokens: options.maxOutputTokens ?? 600,
        temperature: 0.7,
      };
      try {
        const reply = onDraft
          ? await streamStructured(options, request, draftOfMessage(onDraft))
          : await generateStructured(options, request);
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
