import { MESSAGES } from "@sams-web/domain/messages";
import { trackEvent } from "../../../lib/analytics.ts";
import { ApiError, call } from "../../../lib/api-client.ts";

/** The search flow of SPEC section 4, step by step; `onProgress` gets each spec message. */
export async function beginSearch(onProgress: (message: string) => void): Promise<string> {
  onProgress(MESSAGES.generatingNarrative);
  await call("triggeredGenerateNarrative");
  onProgress(MESSAGES.searchingForMatches);
  const prelim = await call<{ candidates: number }>("triggeredPrelimMatch");
  // The server passed the Begin Search gate and claimed the search: it has started.
  trackEvent("search_started");
  if (prelim.candidates === 0) return MESSAGES.noPotentialMatches;
  onProgress(MESSAGES.potentialMatchesChecking);
  const scored = await call<{ photoValidation: number; followupsQueued: number }>("triggeredMatchingAlgo");
  // Queued candidates also lead to Sam: the follow-up questions come first, then the photos.
  return scored.photoValidation + scored.followupsQueued > 0
    ? MESSAGES.potentialMatchesFound
    : MESSAGES.noPotentialMatches;
}

const GATE_MESSAGES = new Set<string>([
  MESSAGES.verifyEmailToSearch,
  MESSAGES.completeOnboardingToSearch,
  MESSAGES.uploadPicturesToSearch,
  MESSAGES.enterZipToSearch,
  MESSAGES.enterBirthdayToSearch,
  MESSAGES.setStatusActiveToSearch,
  MESSAGES.searchInProgress,
]);

/** SPEC section 8 "Search": the four search errors, plus the server's Begin Search gate messages. */
export function searchErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.searchFailed;
  if (error.status === "FAILED_PRECONDITION" && GATE_MESSAGES.has(error.message)) return error.message;
  if (error.status === "INVALID_ARGUMENT" && /zip/i.test(error.message)) return MESSAGES.zipNotFound;
  if (error.status === "NOT_FOUND") return MESSAGES.profileNotFound;
  if (error.status === "UNAUTHENTICATED") return MESSAGES.searchUnauthenticated;
  return MESSAGES.searchFailed;
}
