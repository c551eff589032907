import { PENDING_MATCH_PATH, type PendingMatchResponse } from "@sams-web/domain/matching/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

// Under the "matches" topic, so the other side's confirmation refetches it.
export const pendingMatchQueryOptions = () =>
  queryOptions({
    queryKey: ["matches", "pending"],
    queryFn: () => apiFetch<PendingMatchResponse>(PENDING_MATCH_PATH),
  });

export function usePendingMatch(options: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingMatchQueryOptions(), enabled: options.enabled ?? true });
}
