import type { CallSamApiInput, CallSamApiOutput } from "@sams-web/domain/chat/contracts";
import { call } from "../../../lib/api-client.ts";

/** A guest's message carries a solved bot check; a signed-in person's session is enough. */
export function callSam(input: CallSamApiInput, options: { guest?: boolean } = {}): Promise<CallSamApiOutput> {
  return call<CallSamApiOutput>("callSamApi", input, { botcheck: options.guest ?? false });
}
