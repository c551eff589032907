import * as z from "zod";
import { MATCH_COOLDOWN_MS } from "./constants.ts";
import type { MessageCode } from "./messages.ts";
import type { Status } from "./profile-rules.ts";
import type { FollowupStage } from "./stages.ts";

// ── Statuses and transitions ─────────────────────────────────────────────────────────────

/** The match statuses the spec names (SPEC section 4). */
export const SPEC_MATCH_STATUSES = [
  "photoValidation",
  "followupsQueued",
  "followupsAnswered",
  "matchPending",
  "no",
] as const;

/**
 * The spec's statuses plus three the server needs for mutual acceptance, which the spec's
 * client never sees spelled out:
 *  - accepted:  this user kept the candidate in photo review; waiting for the other side;
 *  - confirmed: this user pressed 'Confirm and Connect'; waiting for the other side;
 *  - connected: both confirmed; emails are exchanged.
 * Each user holds their own record of a pair, so the two sides can differ while one waits.
 */
export const MATCH_STATUSES = [...SPEC_MATCH_STATUSES, "accepted", "confirmed", "connected"] as const;
export const matchStatusSchema = z.enum(MATCH_STATUSES);
export type MatchStatus = z.infer<typeof matchStatusSchema>;

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

/** 'no' means declined or inactive; everything else still counts as a match. */
export function isLive(status: MatchStatus): boolean {
  return status !== "no";
}

// ── Match records ────────────────────────────────────────────────────────────────────────

/** A match as a user sees it (SPEC section 3); keyed by the other user's id. */
export const matchSchema = z.object({
  id: z.string(),
  status: matchStatusSchema,
  /** 0-100, from computeCompatibility. */
  score: z.number(),
  photos: z.array(z.string()),
  followup_questions: z.array(z.string()),
});
export type Match = z.infer<typeof matchSchema>;

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
 * The follow-up stage the conversation is in (SPEC section 4): followupsQueued while any match
 * is followupsQueued with questions left, followupsAnswered once none remain.
 */
export function followupStageFor(
  matches: readonly { status: MatchStatus; followup_questions: readonly string[] }[],
): FollowupStage {
  return matches.some((m) => m.status === "followupsQueued" && m.followup_questions.length > 0)
    ? "followupsQueued"
    : "followupsAnswered";
}

// ── Pending match screen ─────────────────────────────────────────────────────────────────

export type PendingMatchResult<T> = { kind: "match"; match: T } | { kind: "blocked"; message: MessageCode };

/**
 * SPEC section 4 "Pending match": the user must be active; within 30 days of the last accepted
 * match nothing is shown (a cool-down of exactly 30 days: at the 30-day millisecond it is over);
 * otherwise the matchPending match with the highest score.
 */
export function pendingMatchRule<T extends { status: MatchStatus; score: number }>(
  profile: { status: Status; matchAccepted: number | null },
  matches: readonly T[],
  now: number,
): PendingMatchResult<T> {
  if (profile.status !== "active") return { kind: "blocked", message: "profileNotActive" };
  if (profile.matchAccepted !== null && now - profile.matchAccepted < MATCH_COOLDOWN_MS) {
    return { kind: "blocked", message: "matchCooldown" };
  }
  const top = sortByScoreDesc(matches.filter((m) => m.status === "matchPending"))[0];
  return top === undefined ? { kind: "blocked", message: "noEligibleMatches" } : { kind: "match", match: top };
}

// ── Compatibility ────────────────────────────────────────────────────────────────────────

export const COMPATIBILITY_DIMENSIONS = ["values", "lifestyle", "goals", "communication", "interests"] as const;
export type CompatibilityDimension = (typeof COMPATIBILITY_DIMENSIONS)[number];

const subScore = z.number().int().min(0).max(10);

/** How well one user fits what the other seeks: an integer 0-10 per dimension, all required. */
export const subScoresSchema = z.strictObject({
  values: subScore,
  lifestyle: subScore,
  goals: subScore,
  communication: subScore,
  interests: subScore,
});
export type SubScores = z.infer<typeof subScoresSchema>;

function average(s: SubScores): number {
  return COMPATIBILITY_DIMENSIONS.reduce((sum, d) => sum + s[d], 0) / COMPATIBILITY_DIMENSIONS.length;
}

/**
 * The reciprocal compatibility score, an integer 0-100, computed by code rather than taken from a
 * model. Each direction's average (0-10) is combined by geometric mean, so a one-sided fit scores
 * low (10 and 0 give 0, not 50); a dealbreaker conflict is a hard 0.
 * Inputs are `unknown` on purpose: they are the scorer's raw output. Anything that fails
 * subScoresSchema (NaN, out of range, non-integers, missing or extra dimensions, '100%')
 * THROWS a ZodError rather than returning a fallback, so a bad score can never be stored.
 */
export function computeCompatibility(
  subScoresAtoB: unknown,
  subScoresBtoA: unknown,
  dealbreakerConflict: boolean,
): number {
  const a = subScoresSchema.parse(subScoresAtoB);
  const b = subScoresSchema.parse(subScoresBtoA);
  if (z.boolean().parse(dealbreakerConflict)) return 0;
  return Math.round(Math.sqrt(average(a) * average(b)) * 10);
}

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
