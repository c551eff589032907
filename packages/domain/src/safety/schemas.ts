// Trust and safety's zod schemas: what a person and a moderator may send.
import * as z from "zod";
import { SAFETY_MESSAGES } from "./messages.ts";
import { MODERATION_ACTIONS, MODERATION_REASON_MAX_LENGTH, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from "./rules.ts";

const personId = z.string().min(1).max(200);

/** Unmatch and Block name the other person. */
export const safetyPersonInputSchema = z.object({ personId }).strict();

export const reportInputSchema = z
  .object({
    personId,
    reason: z.enum(REPORT_REASONS, { error: SAFETY_MESSAGES.reportReasonRequired }),
    text: z.string().trim().max(REPORT_TEXT_MAX_LENGTH, SAFETY_MESSAGES.reportTextTooLong).default(""),
  })
  .strict();

export const moderationInputSchema = z
  .object({
    subjectId: personId,
    action: z.enum(MODERATION_ACTIONS),
    reason: z.string().trim().min(1, SAFETY_MESSAGES.moderationReasonRequired).max(MODERATION_REASON_MAX_LENGTH),
  })
  .strict();
