import {
  NON_NEGOTIABLES_PATH,
  type NonNegotiablesResponse,
  type NonNegotiablesUpdate,
} from "@sams-web/domain/non-negotiables/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

// A signed-in person's non-negotiables: read them (Settings, and Sam's pending read-back in the
// chat) and change them (Settings). Under the realtime topic "profile", so another tab's change
// refetches them.

export const nonNegotiablesQueryOptions = () =>
  queryOptions({
    queryKey: ["profile", "non-negotiables"],
    queryFn: () => apiFetch<NonNegotiablesResponse>(NON_NEGOTIABLES_PATH),
  });

export function useNonNegotiables(options: { enabled?: boolean } = {}) {
  return useQuery({ ...nonNegotiablesQueryOptions(), enabled: options.enabled ?? true });
}

export function saveNonNegotiables(update: NonNegotiablesUpdate): Promise<NonNegotiablesResponse> {
  return apiFetch<NonNegotiablesResponse>(NON_NEGOTIABLES_PATH, { method: "PUT", json: update });
}

/** Saves and puts the server's answer straight into the cache. */
export function useSaveNonNegotiables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNonNegotiables,
    onSuccess: (saved) => queryClient.setQueryData(nonNegotiablesQueryOptions().queryKey, saved),
  });
}
