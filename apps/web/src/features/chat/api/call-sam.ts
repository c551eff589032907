import type { CallSamApiInput, CallSamApiOutput } from "@sams-web/domain/chat-api";
import { call } from "../../../lib/api-client.ts";

export function callSam(input: CallSamApiInput): Promise<CallSamApiOutput> {
  return call<CallSamApiOutput>("callSamApi", input);
}
