// The matching's rules and business constants: Begin Search gating, match statuses and their
// transitions, the pending match screen and where a scored pair goes. Free of zod: the chat
// screen and the settings page import it; schemas.ts and compatibility.ts hold what needs zod.
import type { FollowupStage } from "../chat/stages.ts";
import type { Status } from "../profile/rules.ts";
import type { Profile } from "../profile/schemas.ts";
import type { MessageCode } from "../shared/messages.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../shared/time.ts";

/** A new search is allowed 7 days (604800000 ms) after the last one started ... */
export const SEARCH_RETRY_MS = 7 * DAY_MS;
/** ... or whenever fewer than 3 non-'no' matches exist. */
export const SEARCH_MIN_LIVE_MATCHES = 3;
/** After accepting a match no new one is shown for 30 days. */
export const MATCH_COOLDOWN_MS = 30 * DAY_MS;
/**
 * Searches a person may start per UTC day, counted when a search is claimed, whether or not it
 * finds anyone. Each search tells its owner one thing (someone fits or nobody does), so the
 * count bounds what a run of searches can reveal about a stranger's place or age.
 */
export const SEARCHES_PER_DAY = 3;
/**
 * The search covers at least this many miles around a ZIP code, whatever the radius slider says
 * (the slider still goes down to 1 mile): a search that finds someone never places them closer
 * than this, even with a radius of 1 mile around a ZIP code of one's choosing.
 */
export const SEARCH_MIN_REACH_MILES = 10;
/**
 * How far a candidate lives, as a person is told it: the smallest of these bands that holds the
 * distance between the two ZIP codes, "within 10 miles" at the closest, the same bands the search
 * itself uses. Fixed when the pair is scored, so moving one's own ZIP code afterwards teaches
 * nothing new about where the other lives.
 */
export const DISTANCE_BANDS_MILES = [SEARCH_MIN_REACH_MILES, 25, 50, 100, 250, 500] as const;

/** The band (in miles) a distance falls in; beyond the widest band, the widest. */
export function distanceBand(miles: number): number {
  return DISTANCE_BANDS_MILES.find((band) => miles <= band) ?? (DISTANCE_BANDS_MILES.at(-1) as number);
}

/** "within 25 miles". */
export function describeDistance(bandMiles: number): string {
  return `within ${bandMiles} miles`;
}

/** The name a candidate is shown by: the first word of their display name. */
export function firstNameOf(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] ?? "";
}

/** A product claim shown in copy, not enforced: matches are rare, about one every six months. */
export const MATCH_FREQUENCY_MONTHS = 6;

// ── Begin Search gating ──────────────────────────────────────────────────────────────────

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
 * Begin Search gating: the code of the FIRST failing rule, in this order (verified, chat
 * complete, pictures uploaded, ZIP, birthday, status active, then the 7-day / 3-match rule), or
 * null when the search may start. The web shows the message; the server enforces the same
 * function, so the button is a convenience, not the guard.
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

// ── Statuses and transitions ─────────────────────────────────────────────────────────────

/** The match statuses the product names, spelled as it does. */
export const SPEC_MATCH_STATUSES = [
  "photoValidation",
  "followupsQueued",
  "followupsAnswered",
  "matchPending",
  "no",
] as const;

/**
 * The named statuses plus three the server needs for mutual acceptance, which the client never
 * sees spelled out:
 *  - accepted:  this user kept the candidate in photo review; waiting for the other side;
 *  - confirmed: this user pressed 'Confirm and Connect'; waiting for the other side;
 *  - connected: both confirmed; emails are exchanged.
 * Each user holds their own record of a pair, so the two sides can differ while one waits.
 */
export const MATCH_STATUSES = [...SPEC_MATCH_STATUSES, "accepted", "confirmed", "connected"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

const NEXT: Readonly<Record<MatchStatus, readonly MatchStatus[]>> = {
  followupsQueued: ["followupsAnswered"],
  followupsAnswered: ["photoValidation"],
  photoValidation: ["accepted"],
  accepted: ["matchPending"],
  matchPending: ["confirmed"],
  confirmed: ["connected"],
  connected: [],
  no: [],
};

/**
 * Whether a match record may move from `from` to `to`. Any live status may become 'no' (declined
 * or inactive); 'no' is final. Staying in the same status is not a transition and returns false:
 * idempotent job handlers compare first and treat equality as a no-op.
 */
export function canTransition(from: MatchStatus, to: MatchStatus): boolean {
  if (from === "no") return false;
  return to === "no" || NEXT[from].includes(to);
}

/** 'Set free' ends a pair from photo review on, until both people are connected. */
export const SET_FREE_FROM: readonly MatchStatus[] = ["photoValidation", "accepted", "matchPending", "confirmed"];

export function maySetFree(status: MatchStatus): boolean {
  return SET_FREE_FROM.includes(status);
}

/**
 * The statuses a record reaches only once its person was shown the other's photos: photo review
 * and every step after it. A pair that ended ('no') or never got past the follow-up questions
 * showed nobody's photos.
 */
export const PHOTOS_SHOWN_STATUSES: readonly MatchStatus[] = [
  "photoValidation",
  "accepted",
  "matchPending",
  "confirmed",
  "connected",
];

export function photosShown(status: MatchStatus): boolean {
  return PHOTOS_SHOWN_STATUSES.includes(status);
}

/**
 * A pair with someone suspended or hidden by reports is frozen: its records may still end ('no')
 * and finish their follow-up questions, never move towards photos, a keep, a confirmation or a
 * connection, until a moderator restores the person.
 */
export function mayMoveWhileFrozen(to: MatchStatus): boolean {
  return to === "no" || to === "followupsAnswered";
}

/** 'no' means declined or inactive; everything else still counts as a match. */
export function isLive(status: MatchStatus): boolean {
  return status !== "no";
}

// ── Match lists ──────────────────────────────────────────────────────────────────────────

/** Highest score first; equal scores keep their order (the sort is stable). Does not mutate. */
export function sortByScoreDesc<T extends { score: number }>(matches: readonly T[]): T[] {
  return [...matches].sort((a, b) => b.score - a.score);
}

export function countLiveMatches(matches: readonly { status: MatchStatus }[]): number {
  return matches.filter((m) => isLive(m.status)).length;
}

/** Photo review shows the top-scoring candidate whose status is photoValidation. */
export function photoReviewCandidate<T extends { status: MatchStatus; score: number }>(
  matches: readonly T[],
): T | null {
  return sortByScoreDesc(matches.filter((m) => m.status === "photoValidation"))[0] ?? null;
}

/**
 * The follow-up stage the conversation is in: followupsQueued while any match is followupsQueued
 * with questions left, followupsAnswered once none remain.
 */
export function followupStageFor(
  matches: readonly { status: MatchStatus; followup_questions: readonly string[] }[],
): FollowupStage {
  return matches.some((m) => m.status === "followupsQueued" && m.followup_questions.length > 0)
    ? "followupsQueued"
    : "followupsAnswered";
}

// ── Pending match screen ─────────────────────────────────────────────────────────────────

/**
 * 'New matches may be available again in 30 days': within 30 days of the last accepted match
 * (`matchAccepted`, ms) no match is shown or confirmed; at the 30-day millisecond it is over.
 */
export function inMatchCooldown(matchAccepted: number | null, now: number): boolean {
  return matchAccepted !== null && now - matchAccepted < MATCH_COOLDOWN_MS;
}

/** Why the pending match screen has nobody to show, each a domain message code. */
export const PENDING_MATCH_REFUSALS = [
  "profileNotActive",
  "matchCooldown",
  "noEligibleMatches",
] as const satisfies readonly MessageCode[];
export type PendingMatchRefusal = (typeof PENDING_MATCH_REFUSALS)[number];

export type PendingMatchResult<T> = { kind: "match"; match: T } | { kind: "blocked"; message: PendingMatchRefusal };

/**
 * The pending match screen: the user must be active; within 30 days of the last accepted match
 * nothing is shown (a cool-down of exactly 30 days: at the 30-day millisecond it is over);
 * otherwise the matchPending match with the highest score.
 */
export function pendingMatchRule<T extends { status: MatchStatus; score: number }>(
  profile: { status: Status; matchAccepted: number | null },
  matches: readonly T[],
  now: number,
): PendingMatchResult<T> {
  if (profile.status !== "active") return { kind: "blocked", message: "profileNotActive" };
  if (inMatchCooldown(profile.matchAccepted, now)) return { kind: "blocked", message: "matchCooldown" };
  const top = sortByScoreDesc(matches.filter((m) => m.status === "matchPending"))[0];
  return top === undefined ? { kind: "blocked", message: "noEligibleMatches" } : { kind: "match", match: top };
}

// ── Scores ───────────────────────────────────────────────────────────────────────────────

/** The dimensions a scorer rates, each an integer 0-10 (see compatibility.ts). */
export const COMPATIBILITY_DIMENSIONS = ["values", "lifestyle", "goals", "communication", "interests"] as const;
export type CompatibilityDimension = (typeof COMPATIBILITY_DIMENSIONS)[number];

/** Minimum score for a clear fit to go straight to photo review. */
export const PHOTO_VALIDATION_MIN_SCORE = 60;
/** Minimum score worth asking follow-up questions about. */
export const FOLLOWUP_MIN_SCORE = 40;

export type ScoreClass = Extract<MatchStatus, "photoValidation" | "followupsQueued" | "no">;

/**
 * Where a freshly scored pair goes:
 *  - no uncertain points: score ≥ 60 → photoValidation, below → no (a clear middling fit is not
 *    worth two people's time);
 *  - uncertain points: score ≥ 40 → followupsQueued (the answers are rescored and may lift or sink
 *    it, which is why even a high score with open questions waits for them), below → no.
 * Throws RangeError on a score outside 0-100 or a negative / fractional uncertain count.
 */
export function classifyScore(score: number, uncertainCount: number): ScoreClass {
  if (!Number.isInteger(score) || score < 0 || score > 100) throw new RangeError(`Invalid score: ${score}`);
  if (!Number.isInteger(uncertainCount) || uncertainCount < 0)
    throw new RangeError(`Invalid uncertain count: ${uncertainCount}`);
  if (uncertainCount === 0) return score >= PHOTO_VALIDATION_MIN_SCORE ? "photoValidation" : "no";
  return score >= FOLLOWUP_MIN_SCORE ? "followupsQueued" : "no";
}

// ── What happened after a connection ─────────────────────────────────────────────────────

/** Each of two connected people is asked, once, whether they met, this long after they connected. */
export const OUTCOME_ASK_AFTER_MS = 14 * DAY_MS;
/** An answer may be given, or changed, this long after Sam asked; later the answer links are refused. */
export const OUTCOME_ANSWER_WINDOW_MS = 7 * DAY_MS;

/** The three answers, in the order Sam offers them: met, talked but did not meet, did not talk. */
export const MATCH_OUTCOMES = ["met", "talked", "didNotTalk"] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

export function isMatchOutcome(value: unknown): value is MatchOutcome {
  return typeof value === "string" && (MATCH_OUTCOMES as readonly string[]).includes(value);
}

/**
 * The score bands the outcome summary groups connections by, lowest first. Below 60 a pair never
 * reaches photo review, so that band only fills if the rule changes; each band holds scores from
 * `min` to `max` inclusive.
 */
export const OUTCOME_SCORE_BANDS = [
  { label: "<60", min: 0, max: PHOTO_VALIDATION_MIN_SCORE - 1 },
  { label: "60–69", min: 60, max: 69 },
  { label: "70–79", min: 70, max: 79 },
  { label: "80–89", min: 80, max: 89 },
  { label: "90–100", min: 90, max: 100 },
] as const;

/** One connection as the summary sees it: the pair's score and what each person answered. */
export interface ConnectionOutcome {
  score: number;
  /** Whether Sam has asked either person yet (fourteen days after they connected). */
  asked: boolean;
  /** The answers given, one per person who answered (none, one or two). */
  answers: readonly MatchOutcome[];
}

export interface OutcomeBandSummary {
  band: string;
  connections: number;
  asked: number;
  /** Connections where at least one person answered. */
  answered: number;
  /** Connections where at least one person answered 'Yes, we met'. */
  met: number;
  /** met / answered, or null when nobody in the band answered. */
  metShare: number | null;
}

/** Connections with one score, counted: how many, asked about, answered (by either one), met. */
export interface ScoreOutcomeCounts {
  score: number;
  connections: number;
  asked: number;
  answered: number;
  met: number;
}

/**
 * Per score band (and a last row for all of them): how many connections, how many Sam asked about,
 * how many were answered by at least one of the two, and how many led to a meeting by either one's
 * word. The share is taken over answered connections only: an unanswered one says nothing either way.
 * Takes counts per score (a database aggregates them; summarizeOutcomes counts single connections).
 */
export function outcomesByBand(counts: readonly ScoreOutcomeCounts[]): OutcomeBandSummary[] {
  const tally = (band: string, rows: readonly ScoreOutcomeCounts[]): OutcomeBandSummary => {
    const sum = (key: Exclude<keyof ScoreOutcomeCounts, "score">) => rows.reduce((total, row) => total + row[key], 0);
    const answered = sum("answered");
    const met = sum("met");
    return {
      band,
      connections: sum("connections"),
      asked: sum("asked"),
      answered,
      met,
      metShare: answered === 0 ? null : met / answered,
    };
  };
  return [
    ...OUTCOME_SCORE_BANDS.map(({ label, min, max }) =>
      tally(
        label,
        counts.filter((row) => row.score >= min && row.score <= max),
      ),
    ),
    tally("all", counts),
  ];
}

/** The same summary, from single connections and their answers. */
export function summarizeOutcomes(connections: readonly ConnectionOutcome[]): OutcomeBandSummary[] {
  return outcomesByBand(
    connections.map((row) => ({
      score: row.score,
      connections: 1,
      asked: row.asked ? 1 : 0,
      answered: row.answers.length > 0 ? 1 : 0,
      met: row.answers.includes("met") ? 1 : 0,
    })),
  );
}

// ── Sam's own searches ───────────────────────────────────────────────────────────────────

/**
 * When a person becomes searchable (everything Begin Search asks for, and Still Looking), Sam runs
 * their search himself this long afterwards, unless they pressed Begin Search meanwhile: someone
 * who has just turned Still Looking in Settings usually presses it, and would otherwise be told
 * that a search is in progress.
 */
export const SAM_FIRST_SEARCH_DELAY_MS = 5 * MINUTE_MS;
/** Then once a day, at about the same time of day: Sam skips a day on which a search already ran. */
export const SAM_SEARCH_INTERVAL_MS = DAY_MS;
/** A search that started within this long counts as today's: Sam does not search again so soon. */
export const SAM_SEARCH_MIN_GAP_MS = 20 * HOUR_MS;

export type SamSearchDecision =
  /** Search now. */
  | "search"
  /** Not now, but keep looking daily (too soon after the last search, or enough live matches). */
  | "later"
  /** Stop: the person is no longer Still Looking (they come back by turning it on again). */
  | "stop";

/**
 * Whether Sam searches for a person on his own now. Begin Search's gate applies as it is (a
 * person Sam may not search for could not press it either), and Sam only searches while there is
 * room for more live matches: with SEARCH_MIN_LIVE_MATCHES people waiting, there is enough to do.
 * The daily allowance (SEARCHES_PER_DAY) is counted when the search is claimed, Sam's included.
 */
export function samSearchDecision(p: SearchGateInput, liveMatchCount: number, now: number): SamSearchDecision {
  if (p.status !== "active") return "stop";
  if (liveMatchCount >= SEARCH_MIN_LIVE_MATCHES) return "later";
  if (p.searchStarted !== null && now - p.searchStarted < SAM_SEARCH_MIN_GAP_MS) return "later";
  return searchBlocker(p, liveMatchCount, now) === null ? "search" : "later";
}

/** Whether a profile is searchable: every Begin Search requirement met, the cool-down aside. */
export function isSearchable(p: Omit<SearchGateInput, "searchStarted">): boolean {
  return searchBlocker({ ...p, searchStarted: null }, 0, 0) === null;
}

// ── Your web ─────────────────────────────────────────────────────────────────────────────

/**
 * The stages of "Your web", in the order the page lists them: what waits for the person first
 * (questions, photos, a pending match), then what waits for the other, then connections.
 */
export const WEB_STAGES = [
  "questionsForYou",
  "photosToReview",
  "pendingMatch",
  "waitingForThem",
  "keptWaiting",
  "confirmedWaiting",
  "connected",
] as const;
export type WebStage = (typeof WEB_STAGES)[number];

/** The stages that ask something of the person: the navigation marks "Your web" while one waits. */
export const WEB_STAGES_FOR_YOU: ReadonlySet<WebStage> = new Set(["questionsForYou", "photosToReview", "pendingMatch"]);

/**
 * Where a pair stands, from one side's record: questions of the person's own still open, then
 * photo review, keeping, the pending match, confirming and the connection; null for a pair that
 * ended ('no'). A side with no question left waits for the other's answers (followupsAnswered, or
 * followupsQueued whose last answer is on its way).
 */
export function webStageOf(mine: { status: MatchStatus; followupQuestions: number }): WebStage | null {
  switch (mine.status) {
    case "followupsQueued":
      return mine.followupQuestions > 0 ? "questionsForYou" : "waitingForThem";
    case "followupsAnswered":
      return "waitingForThem";
    case "photoValidation":
      return "photosToReview";
    case "accepted":
      return "keptWaiting";
    case "matchPending":
      return "pendingMatch";
    case "confirmed":
      return "confirmedWaiting";
    case "connected":
      return "connected";
    case "no":
      return null;
  }
}

/** Whether the other person may be named and pictured at this stage: from photo review on. */
export function webStageShowsPerson(stage: WebStage): boolean {
  return stage !== "questionsForYou" && stage !== "waitingForThem";
}
