import { MATCHES_PATH, type MatchesResponse } from "@sams-web/domain/matching/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

// Under the "matches" topic, so a live update of the matches refetches it.
export const matchesQueryOptions = () =>
  queryOptions({
    queryKey: ["matches"],
    queryFn: async () => (await apiFetch<MatchesResponse>(MATCHES_PATH)).matches,
  });

export function useMatches(options: { enabled?: boolean } = {}) {
  return useQuery({ ...matchesQueryOptions(), enabled: options.enabled ?? true });
}
