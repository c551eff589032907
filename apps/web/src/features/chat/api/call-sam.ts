import type { CallSamApiInput, CallSamApiOutput } from "@sams-web/domain/chat-api";
import type { ConversationStage } from "@sams-web/domain/stage-order";
import { call } from "../../../lib/api-client.ts";

/** callSamApi's answer, with the stage after this reply. */
export type SamReply = CallSamApiOutput & { stage: ConversationStage };

export function callSam(input: CallSamApiInput): Promise<SamReply> {
  return call<SamReply>("callSamApi", input);
}
