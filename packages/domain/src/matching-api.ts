// The matches resource (SPEC.md section 7, users/{uid}/matches) as the browser sees it.
// Free of zod: the chat screen imports it.
import type { MatchStatus } from "./match-rules.ts";

export const MATCHES_PATH = "/api/matches";

/** One candidate as the signed-in person sees them: never their email, words or location. */
export interface MatchView {
  /** The candidate's user id, which is also the match id (SPEC.md section 3). */
  id: string;
  status: MatchStatus;
  /** Compatibility, 0 to 100. */
  score: number;
  /** Addresses of the candidate's photos, served only while this match is live. */
  photos: string[];
  followup_questions: string[];
}

export interface MatchesResponse {
  matches: MatchView[];
}

/** The pending match screen's data (SPEC section 4 "Pending match"), decided by the server. */
export const PENDING_MATCH_PATH = "/api/matches/pending";

export interface PendingMatchResponse {
  /** The top matchPending match, or null when a rule blocks it (see `message`). */
  match: { id: string; score: number } | null;
  /** The spec's message when there is nothing to confirm. */
  message: string | null;
}
