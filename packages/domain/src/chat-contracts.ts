import * as z from "zod";
import {
  BOT_MESSAGE_MAX_CHARS,
  GUEST_HISTORY_MAX_MESSAGES,
  GUEST_SIGNATURE_MAX_CHARS,
  USER_MESSAGE_MAX_CHARS,
} from "./chat-api.ts";
import { MESSAGES } from "./messages.ts";
import { conversationStageSchema, stageSchema } from "./stages.ts";

// The zod contracts of the chat (callSamApi and the conversation resources). The types the
// browser uses without zod are in chat-api.ts; these schemas must stay assignable to them.

const timestampSchema = z.number().int().nonnegative();

/** A message of a guest history: bounded in length, a user message at most 2,000 characters. */
export const chatMessageSchema = z
  .object({
    sender: z.enum(["bot", "user"]),
    text: z.string().max(BOT_MESSAGE_MAX_CHARS, MESSAGES.chatMessageTooLong),
    timestamp: timestampSchema,
    signature: z.string().max(GUEST_SIGNATURE_MAX_CHARS).optional(),
  })
  .refine((m) => m.sender === "bot" || m.text.length <= USER_MESSAGE_MAX_CHARS, {
    message: MESSAGES.chatMessageTooLong,
  });

export const chatHistorySchema = z
  .array(chatMessageSchema)
  .max(GUEST_HISTORY_MAX_MESSAGES, MESSAGES.chatHistoryTooLong);

export const callSamApiInputSchema = z.object({
  userMessage: z
    .string()
    .max(USER_MESSAGE_MAX_CHARS, MESSAGES.chatMessageTooLong)
    .refine((text) => text.trim().length > 0, { message: MESSAGES.chatMessageEmpty }),
  conversationHistory: chatHistorySchema.optional(),
  effectiveStage: conversationStageSchema.optional(),
  followupQuestion: z.string().trim().min(1).max(USER_MESSAGE_MAX_CHARS).optional(),
});

export const callSamApiOutputSchema = z.object({
  message: z.string().min(1),
  stage_complete: z.boolean(),
  stage_complete_justification: z.string(),
  stage: conversationStageSchema,
  signature: z.string().optional(),
});

export const importConversationInputSchema = z.object({
  conversation: z.object({
    id: z.string().max(40).optional(),
    messages: chatHistorySchema,
    stage: stageSchema,
    timestamp: timestampSchema.optional(),
  }),
});
