// The matches resources (users/{uid}/matches) as the browser sees them, and what the matching
// callables answer. Free of zod: the chat screen imports it.
import type { MatchOutcome, MatchStatus, PendingMatchRefusal, WebStage } from "./rules.ts";

export const MATCHES_PATH = "/api/matches";

/**
 * Who a candidate is, as the signed-in person sees them: never their email, ZIP code, birthday or
 * words, and their distance only as a band.
 */
export interface CandidateSummary {
  /** The first word of their display name. */
  firstName: string;
  /** Their age in years, or null when they have not given a birthday. */
  age: number | null;
  /** How far they live, as a band: DISTANCE_BANDS_MILES (describeDistance words it). */
  distanceBandMiles: number;
  /** Why Sam thinks you fit: one or two sentences from the scores and both narratives. */
  reason: string;
}

/** One candidate as the signed-in person sees them. */
export interface MatchView extends CandidateSummary {
  /** The candidate's user id, which is also the match id. */
  id: string;
  status: MatchStatus;
  /** Compatibility, 0 to 100. */
  score: number;
  /** Addresses of the candidate's photos, served only while this match is live. */
  photos: string[];
  followup_questions: string[];
  /** "About me in Sam's words", as the candidate approved it, from photo review on; else null. */
  about: string | null;
  /** Up to three things both of you love doing, from photo review on (labels, never anyone's words). */
  sharedInterests: string[];
}

export interface MatchesResponse {
  matches: MatchView[];
}

/** The pending match screen's data, decided by the server (see pendingMatchRule). */
export const PENDING_MATCH_PATH = "/api/matches/pending";

export interface PendingMatchResponse {
  /** The top matchPending match, or null when a rule blocks it (see `message`). */
  match: (CandidateSummary & { id: string; score: number; photo: string | null }) | null;
  /** The message to show when there is nothing to confirm. */
  message: string | null;
  /** Its code (a key of the domain's MESSAGES), for the screen to decide by. */
  code: PendingMatchRefusal | null;
}

// ── What the matching callables answer ───────────────────────────────────────────────────
// Results say only whether anyone was found: never a count, nor a candidate's id, words or email.

/** triggeredGenerateNarrative, triggeredPhotoMatch and triggeredFollowupsMatch: done. */
export interface MatchStepOutput {
  ok: true;
}

/** triggeredPrelimMatch: whether the preliminary match kept anyone for scoring. */
export interface PrelimMatchOutput {
  found: boolean;
  /** How many more searches the person may start today (SEARCHES_PER_DAY), this one counted. */
  searchesLeftToday: number;
}

/** triggeredMatchingAlgo: whether scoring left anyone for Sam to show (photos or follow-ups). */
export interface MatchingAlgoOutput {
  found: boolean;
}

/** triggeredMatchConfirmation: the message to show after 'Confirm and Connect'. */
export interface MatchConfirmationOutput {
  message: string;
  /** Whether this confirmation connected the two (the other had confirmed already). */
  connected: boolean;
}

/** recordMatchOutcome: the answer as recorded, and until when another link may change it. */
export interface RecordMatchOutcomeOutput {
  outcome: MatchOutcome;
  /** Epoch ms: the end of the answer window (OUTCOME_ANSWER_WINDOW_MS after Sam asked). */
  answerUntil: number;
  message: string;
}

// ── What happened after a connection ─────────────────────────────────────────────────────

/** The query parameter of an answer link (APP_PATHS.matchOutcome) that carries its signed token. */
export const OUTCOME_TOKEN_PARAM = "t";

/** The signed-in person's open questions: connections Sam asked about whose answer may still change. */
export const MATCH_OUTCOMES_PATH = "/api/matches/outcomes";

export interface OutcomeQuestion {
  /** The other person's user id, which is also the match id. */
  id: string;
  firstName: string;
  /** The answer given so far, or null. */
  answer: MatchOutcome | null;
  /** Epoch ms: answers are taken until then. */
  answerUntil: number;
  /** One signed token per answer: the answer page records it with no sign-in. */
  tokens: Record<MatchOutcome, string>;
}

export interface MatchOutcomesResponse {
  questions: OutcomeQuestion[];
}

// ── Your web: everyone Sam is talking to the person about, and where each stands ──────────

/** The signed-in person's web (APP_PATHS.yourWeb shows it). */
export const YOUR_WEB_PATH = "/api/web";

/** Who the other person is, once Sam has shown them (photo review and after). */
export interface WebPerson {
  /** Their user id, which is also the match id. */
  id: string;
  firstName: string;
  age: number | null;
  /** Their first photo's address, served while the match is live. */
  photo: string | null;
  distanceBandMiles: number;
}

export interface WebEntry {
  stage: WebStage;
  /**
   * Null while Sam is still asking questions (either side's): until photo review the person is
   * told only that Sam found someone, never who.
   */
  person: WebPerson | null;
  /** Compatibility, 0 to 100, from the pending match on (the pending match page shows it too). */
  score: number | null;
  /** Connected only: their email address, which both shared by confirming. */
  email: string | null;
  /** Connected only: when (epoch ms). */
  connectedAt: number | null;
  /** Connected only: whether the person has seen the match moment (APP_PATHS.itsAMatch). */
  momentSeen: boolean;
}

export interface YourWebResponse {
  /** The signed-in person as the match moment shows them: first name and first photo. */
  me: { firstName: string; photo: string | null };
  /** What needs the person first (WEB_STAGES order), then what waits, then connections. */
  entries: WebEntry[];
}

/** The query parameter of the match moment page: whose match it is (the other's id). */
export const MATCH_MOMENT_PARAM = "with";

/** matchMomentSeen: done. */
export interface MatchMomentSeenOutput {
  ok: true;
}
