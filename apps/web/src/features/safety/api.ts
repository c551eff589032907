import {
  CONNECTIONS_PATH,
  type ConnectionsResponse,
  MODERATION_QUEUE_PATH,
  type ModerationQueueResponse,
} from "@sams-web/domain/safety/contracts";
import type { ModerationAction, ReportReason } from "@sams-web/domain/safety/rules";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, call } from "../../lib/api-client.ts";

// Trust and safety's server calls: unmatch, block, report, connections and moderation.

export const unmatchPerson = async (personId: string) => (await call("unmatchPerson", { personId })).message;
export const blockPerson = async (personId: string) => (await call("blockPerson", { personId })).message;
export const reportPerson = async (personId: string, reason: ReportReason, text: string) =>
  (await call("reportPerson", { personId, reason, text })).message;
export const moderatePerson = async (subjectId: string, action: ModerationAction, reason: string) =>
  (await call("moderatePerson", { subjectId, action, reason })).message;

// Under the "matches" topic's neighbour: a connection is a match, so both refetch together.
export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: ["matches", "connections"],
    queryFn: async () => (await apiFetch<ConnectionsResponse>(CONNECTIONS_PATH)).connections,
  });

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

export function useModerationQueue() {
  return useQuery({
    queryKey: ["moderation-queue"],
    queryFn: async () => (await apiFetch<ModerationQueueResponse>(MODERATION_QUEUE_PATH)).entries,
    retry: false,
  });
}
