import type { CurrentConversationResponse, ImportConversationResponse } from "@sams-web/domain/chat/contracts";
import { conversationStageSchema, stageSchema } from "@sams-web/domain/chat/schemas";
import * as z from "zod";

// The shapes the chat's REST routes answer with; stored messages are sent as they are.

const storedMessageSchema = z.object({ sender: z.enum(["bot", "user"]), text: z.string(), timestamp: z.number() });

const conversationSchema = z.object({
  id: z.string(),
  messages: z.array(storedMessageSchema),
  stage: stageSchema,
  timestamp: z.number(),
});

export const currentConversationResponseSchema = z.object({
  conversation: conversationSchema.nullable(),
  stage: conversationStageSchema,
}) satisfies z.ZodType<CurrentConversationResponse>;

export const importConversationResponseSchema = z.object({
  imported: z.boolean(),
  conversation: conversationSchema.nullable(),
}) satisfies z.ZodType<ImportConversationResponse>;
