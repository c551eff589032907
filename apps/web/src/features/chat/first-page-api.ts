import type { CallSamApiInput, CallSamApiOutput } from "@sams-web/domain/chat/contracts";
import { call } from "../../lib/api-client.ts";

// The chat's call that a guest makes on the first page. Kept apart from api.ts, which brings the
// query library: a module ships whole in the first chunk that imports it, and the first page's
// budget has no room for the query library.

/** A guest's message carries a solved bot check; a signed-in person's session is enough. */
export function callSam(input: CallSamApiInput, options: { guest?: boolean } = {}): Promise<CallSamApiOutput> {
  return call("callSamApi", input, { botcheck: options.guest ?? false });
}
