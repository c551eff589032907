import * as z from "zod";
import { guestNonNegotiablesSchema, nonNegotiablesStepSchema, readingReplySchema } from "../non-negotiables/schemas.ts";
import {
  BOT_MESSAGE_MAX_CHARS,
  GUEST_HISTORY_MAX_MESSAGES,
  GUEST_SIGNATURE_MAX_CHARS,
  USER_MESSAGE_MAX_CHARS,
} from "./contracts.ts";
import { CHAT_MESSAGES } from "./messages.ts";
import { FOLLOWUP_STAGES, STAGES } from "./stages.ts";

// The zod schemas of the chat: the stage machine's values, callSamApi and the conversation
// resources. The types the browser uses without zod are in contracts.ts and stages.ts; these
// schemas must stay assignable to them.

export const stageSchema = z.enum(STAGES);
export const followupStageSchema = z.enum(FOLLOWUP_STAGES);
/** Any value profile.conversationStage can hold. */
export const conversationStageSchema = z.enum([...STAGES, ...FOLLOWUP_STAGES]);

const timestampSchema = z.number().int().nonnegative();

/** A message of a guest history: bounded in length, a user message at most 2,000 characters. */
export const chatMessageSchema = z
  .object({
    sender: z.enum(["bot", "user"]),
    text: z.string().max(BOT_MESSAGE_MAX_CHARS, CHAT_MESSAGES.chatMessageTooLong),
    timestamp: timestampSchema,
    signature: z.string().max(GUEST_SIGNATURE_MAX_CHARS).optional(),
  })
  .refine((m) => m.sender === "bot" || m.text.length <= USER_MESSAGE_MAX_CHARS, {
    message: CHAT_MESSAGES.chatMessageTooLong,
  });

export const chatHistorySchema = z
  .array(chatMessageSchema)
  .max(GUEST_HISTORY_MAX_MESSAGES, CHAT_MESSAGES.chatHistoryTooLong);

export const callSamApiInputSchema = z.object({
  userMessage: z
    .string()
    .max(USER_MESSAGE_MAX_CHARS, CHAT_MESSAGES.chatMessageTooLong)
    .refine((text) => text.trim().length > 0, { message: CHAT_MESSAGES.chatMessageEmpty }),
  conversationHistory: chatHistorySchema.optional(),
  effectiveStage: conversationStageSchema.optional(),
  followupQuestion: z.string().trim().min(1).max(USER_MESSAGE_MAX_CHARS).optional(),
  nonNegotiables: nonNegotiablesStepSchema.optional(),
});

export const callSamApiOutputSchema = z.object({
  message: z.string().min(1),
  stage_complete: z.boolean(),
  stage_complete_justification: z.string(),
  stage: conversationStageSchema,
  signature: z.string().optional(),
  reading: readingReplySchema.optional(),
});

export const importConversationInputSchema = z.object({
  conversation: z.object({
    id: z.string().max(40).optional(),
    messages: chatHistorySchema,
    stage: stageSchema,
    timestamp: timestampSchema.optional(),
    nonNegotiables: guestNonNegotiablesSchema.optional(),
  }),
});
