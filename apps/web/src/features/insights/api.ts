import { INSIGHTS_PATH, type InsightsResponse } from "@sams-web/domain/insights/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";

// The moderators' insights: one read of the figures the server computes at most once a minute.

export function useInsights() {
  return useQuery({
    queryKey: ["insights"],
    queryFn: () => apiFetch<InsightsResponse>(INSIGHTS_PATH),
    // A 404 means "not a moderator": asking again changes nothing.
    retry: false,
  });
}
