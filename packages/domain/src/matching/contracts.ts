// The matches resources (users/{uid}/matches) as the browser sees them, and what the matching
// callables answer. Free of zod: the chat screen imports it.
import type { MatchStatus } from "./rules.ts";

export const MATCHES_PATH = "/api/matches";

/** One candidate as the signed-in person sees them: never their email, words or location. */
export interface MatchView {
  /** The candidate's user id, which is also the match id. */
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

/** The pending match screen's data, decided by the server (see pendingMatchRule). */
export const PENDING_MATCH_PATH = "/api/matches/pending";

export interface PendingMatchResponse {
  /** The top matchPending match, or null when a rule blocks it (see `message`). */
  match: { id: string; score: number } | null;
  /** The message to show when there is nothing to confirm. */
  message: string | null;
}

// ── What the matching callables answer ───────────────────────────────────────────────────
// Results carry counts only: never a candidate's id, words or email.

/** triggeredGenerateNarrative, triggeredPhotoMatch and triggeredFollowupsMatch: done. */
export interface MatchStepOutput {
  ok: true;
}

/** triggeredPrelimMatch: how many people the preliminary match kept for scoring. */
export interface PrelimMatchOutput {
  candidates: number;
}

/** triggeredMatchingAlgo: how many scored pairs went to each status. */
export interface MatchingAlgoOutput {
  photoValidation: number;
  followupsQueued: number;
  no: number;
}

/** triggeredMatchConfirmation: the message to show after 'Confirm and Connect'. */
export interface MatchConfirmationOutput {
  message: string;
}
