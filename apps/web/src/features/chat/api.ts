import {
  type Conversation,
  CURRENT_CONVERSATION_PATH,
  type CurrentConversationResponse,
  IMPORT_CONVERSATION_PATH,
  type ImportConversationResponse,
} from "@sams-web/domain/chat/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

// A signed-in person's chat calls (the guest's first-page call is in first-page-api.ts).

// Under the "conversation" topic, so another tab's new messages refetch it.
export const currentConversationQueryOptions = () =>
  queryOptions({
    queryKey: ["conversation", "current"],
    queryFn: () => apiFetch<CurrentConversationResponse>(CURRENT_CONVERSATION_PATH),
  });

export function useCurrentConversation(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentConversationQueryOptions(), enabled: options.enabled ?? true });
}

/** Moves the guest conversation into the signed-in account. */
export function importConversation(conversation: Conversation): Promise<ImportConversationResponse> {
  return apiFetch<ImportConversationResponse>(IMPORT_CONVERSATION_PATH, { method: "POST", json: { conversation } });
}
