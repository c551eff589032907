import { SEARCH_MIN_LIVE_MATCHES, SEARCH_RETRY_MS } from "./constants.ts";
import type { MessageCode } from "./messages.ts";
import type { Profile } from "./profile-rules.ts";

export type SearchGateInput = Pick<
  Profile,
  "verified" | "chatComplete" | "picturesUploaded" | "zipCode" | "birthday" | "status" | "searchStarted"
>;

function isSet(s: string | null): boolean {
  return s !== null && s.trim() !== "";
}

/**
 * Whether a new search may start now, given the last one and the live (non-'no') matches: yes if
 * none has started, or the last one is at least 7 days old (exactly 604800000 ms counts), or
 * fewer than 3 live matches exist.
 */
export function searchCooldownOver(searchStarted: number | null, liveMatchCount: number, now: number): boolean {
  return searchStarted === null || now - searchStarted >= SEARCH_RETRY_MS || liveMatchCount < SEARCH_MIN_LIVE_MATCHES;
}

/**
 * Begin Search gating (SPEC section 5): the code of the FIRST failing rule, in the spec's order
 * (verified, chat complete, pictures uploaded, ZIP, birthday, status active, then the 7-day /
 * 3-match rule), or null when the search may start. The web shows the message; the server
 * enforces the same function, so the button is a convenience, not the guard.
 */
export function searchBlocker(p: SearchGateInput, liveMatchCount: number, now: number): MessageCode | null {
  if (!p.verified) return "verifyEmailToSearch";
  if (!p.chatComplete) return "completeOnboardingToSearch";
  if (!p.picturesUploaded) return "uploadPicturesToSearch";
  if (!isSet(p.zipCode)) return "enterZipToSearch";
  if (!isSet(p.birthday)) return "enterBirthdayToSearch";
  if (p.status !== "active") return "setStatusActiveToSearch";
  if (!searchCooldownOver(p.searchStarted, liveMatchCount, now)) return "searchInProgress";
  return null;
}
