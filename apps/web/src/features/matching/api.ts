import {
  MATCH_OUTCOMES_PATH,
  MATCHES_PATH,
  type MatchConfirmationOutput,
  type MatchesResponse,
  type MatchOutcomesResponse,
  PENDING_MATCH_PATH,
  type PendingMatchResponse,
  type RecordMatchOutcomeOutput,
  YOUR_WEB_PATH,
  type YourWebResponse,
} from "@sams-web/domain/matching/contracts";
import { MESSAGES, type MessageCode } from "@sams-web/domain/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { trackEvent } from "../../lib/analytics.ts";
import { ApiError, apiFetch, call, hasErrorCode } from "../../lib/api-client.ts";

// The matching feature's server calls: the search, photo review, follow-ups and the pending match.

/**
 * Begin Search, step by step: the narrative, the preliminary match, then scoring. `onProgress`
 * gets each step's message; the result is the message that ends the search.
 */
export async function beginSearch(onProgress: (message: string) => void): Promise<SearchEnding> {
  onProgress(MESSAGES.generatingNarrative);
  await call("triggeredGenerateNarrative", {});
  onProgress(MESSAGES.searchingForMatches);
  const prelim = await call("triggeredPrelimMatch", {});
  // The server passed the Begin Search gate and claimed the search: it has started.
  trackEvent("search_started");
  const lastToday = prelim.searchesLeftToday === 0;
  if (!prelim.found) return { message: MESSAGES.noPotentialMatches, lastToday };
  onProgress(MESSAGES.potentialMatchesChecking);
  const scored = await call("triggeredMatchingAlgo", {});
  if (!scored.found) return { message: MESSAGES.noPotentialMatches, lastToday };
  // Found, but perhaps only someone Sam is still asking questions: nothing to see yet, and said so.
  const { entries } = await apiFetch<YourWebResponse>(YOUR_WEB_PATH);
  const forYou = entries.some((e) => e.stage === "photosToReview" || e.stage === "questionsForYou");
  const waiting = entries.some((e) => e.stage === "waitingForThem");
  return { message: !forYou && waiting ? MESSAGES.searchWaitingForAnswers : MESSAGES.potentialMatchesFound, lastToday };
}

/** How a search ended: its message, and whether it was the day's last (SEARCHES_PER_DAY). */
export interface SearchEnding {
  message: string;
  lastToday: boolean;
}

/** The Begin Search gate's refusals, each shown as its own message. */
const GATE_CODES = [
  "verifyEmailToSearch",
  "completeOnboardingToSearch",
  "uploadPicturesToSearch",
  "enterZipToSearch",
  "enterBirthdayToSearch",
  "setStatusActiveToSearch",
  "searchInProgress",
] as const satisfies readonly MessageCode[];

/**
 * A failed search shows one of the four search errors, or the Begin Search gate's message, chosen
 * by the error's status and code (a ZIP code the server did not find is INVALID_ARGUMENT
 * zipNotFound).
 */
export function searchErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.searchFailed;
  if (error.status === "FAILED_PRECONDITION" && hasErrorCode(error, ...GATE_CODES)) return MESSAGES[error.code];
  if (error.status === "INVALID_ARGUMENT" && hasErrorCode(error, "zipNotFound")) return MESSAGES.zipNotFound;
  if (error.status === "NOT_FOUND") return MESSAGES.profileNotFound;
  if (error.status === "RESOURCE_EXHAUSTED" && hasErrorCode(error, "searchDailyLimit"))
    return MESSAGES.searchDailyLimit;
  if (error.status === "UNAUTHENTICATED") return MESSAGES.searchUnauthenticated;
  return MESSAGES.searchFailed;
}

// Under the "matches" topic, so a live update of the matches refetches it.
export const matchesQueryOptions = () =>
  queryOptions({
    queryKey: ["matches"],
    queryFn: async () => (await apiFetch<MatchesResponse>(MATCHES_PATH)).matches,
  });

export function useMatches(options: { enabled?: boolean } = {}) {
  return useQuery({ ...matchesQueryOptions(), enabled: options.enabled ?? true });
}

export type PhotoAction = "declined" | "accepted";

/** 'Set free' (declined) or 'Keep in your web' (accepted) for one candidate. */
export function reviewPhotoMatch(candidateId: string, action: PhotoAction): Promise<unknown> {
  return call("triggeredPhotoMatch", { matchUid: candidateId, action });
}

/** After the last question of a match, an 'answered' action is sent for that match. */
export function answerFollowups(candidateId: string): Promise<unknown> {
  return call("triggeredFollowupsMatch", { matchUid: candidateId, action: "answered" });
}

// Under the "matches" topic, so the other side's confirmation refetches it.
export const pendingMatchQueryOptions = () =>
  queryOptions({
    queryKey: ["matches", "pending"],
    queryFn: () => apiFetch<PendingMatchResponse>(PENDING_MATCH_PATH),
  });

export function usePendingMatch(options: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingMatchQueryOptions(), enabled: options.enabled ?? true });
}

/** 'Confirm and Connect': the server answers with the message to show. */
export function confirmMatch(matchId: string): Promise<MatchConfirmationOutput> {
  return call("triggeredMatchConfirmation", { matchId });
}

// Under the "matches" topic, so a new question (or an answer from another tab) refetches it.
export const matchOutcomesQueryOptions = () =>
  queryOptions({
    queryKey: ["matches", "outcomes"],
    queryFn: async () => (await apiFetch<MatchOutcomesResponse>(MATCH_OUTCOMES_PATH)).questions,
  });

export function useMatchOutcomes(options: { enabled?: boolean } = {}) {
  return useQuery({ ...matchOutcomesQueryOptions(), enabled: options.enabled ?? true });
}

/** An answer link's token: the server records its answer, no sign-in needed. */
export function recordMatchOutcome(token: string): Promise<RecordMatchOutcomeOutput> {
  return call("recordMatchOutcome", { token });
}

// Under the "matches" topic, so any change to a pair (either side's) refetches it.
export const yourWebQueryOptions = () =>
  queryOptions({
    queryKey: ["matches", "web"],
    queryFn: () => apiFetch<YourWebResponse>(YOUR_WEB_PATH),
  });

export function useYourWeb(options: { enabled?: boolean } = {}) {
  return useQuery({ ...yourWebQueryOptions(), enabled: options.enabled ?? true });
}

/** The person saw the moment of their connection with `matchId`: it is not announced again. */
export function markMatchMomentSeen(matchId: string): Promise<unknown> {
  return call("matchMomentSeen", { matchId });
}
