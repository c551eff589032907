import * as z from "zod";
import { FOLLOWUP_STAGES, STAGES } from "./stage-order.ts";

// The zod schemas of the stage machine, for the server and for contracts. The machine itself
// (order, transitions, messages) lives in stage-order.ts, which the browser's first page imports.
export * from "./stage-order.ts";
export * from "./stage-transitions.ts";

export const stageSchema = z.enum(STAGES);
export const followupStageSchema = z.enum(FOLLOWUP_STAGES);
/** Any value profile.conversationStage can hold. */
export const conversationStageSchema = z.enum([...STAGES, ...FOLLOWUP_STAGES]);
