import type { CallSamApiInput, CallSamApiOutput } from "@sams-web/domain/chat/contracts";
import { callStreaming } from "../../lib/api-client.ts";

// The chat's call that a guest makes on the first page. Kept apart from api.ts, which brings the
// query library: a module ships whole in the first chunk that imports it, and the first page's
// budget has no room for the query library.

/**
 * Sam's reply. A guest's message carries a solved bot check; a signed-in person's session is
 * enough. `onDraft` hears Sam's message as a model writes it (the text so far), so typing starts
 * on the first words; the result has the whole reply, which may differ from the draft (a reply
 * that failed halfway becomes Sam's apology).
 */
export function callSam(
  input: CallSamApiInput,
  options: { guest?: boolean; onDraft: (textSoFar: string) => void },
): Promise<CallSamApiOutput> {
  return callStreaming("callSamApi", input, { botcheck: options.guest ?? false, onText: options.onDraft });
}
