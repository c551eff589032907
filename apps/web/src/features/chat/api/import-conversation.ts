import {
  type Conversation,
  IMPORT_CONVERSATION_PATH,
  type ImportConversationResponse,
} from "@sams-web/domain/chat/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

/** Moves the guest conversation into the signed-in account. */
export function importConversation(conversation: Conversation): Promise<ImportConversationResponse> {
  return apiFetch<ImportConversationResponse>(IMPORT_CONVERSATION_PATH, { method: "POST", json: { conversation } });
}
