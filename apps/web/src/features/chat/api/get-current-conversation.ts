import { CURRENT_CONVERSATION_PATH, type CurrentConversationResponse } from "@sams-web/domain/chat/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

// Under the "conversation" topic, so another tab's new messages refetch it.
export const currentConversationQueryOptions = () =>
  queryOptions({
    queryKey: ["conversation", "current"],
    queryFn: () => apiFetch<CurrentConversationResponse>(CURRENT_CONVERSATION_PATH),
  });

export function useCurrentConversation(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentConversationQueryOptions(), enabled: options.enabled ?? true });
}
