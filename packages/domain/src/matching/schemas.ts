import * as z from "zod";
import { MATCH_STATUSES } from "./rules.ts";

// The matching's zod schemas: match records, a scorer's sub-scores and the inputs of the matching
// callables.

export const matchStatusSchema = z.enum(MATCH_STATUSES);

/** A match as a user sees it; keyed by the other user's id. */
/** Who a candidate is (contracts.ts CandidateSummary). */
export const candidateSummarySchema = z.object({
  firstName: z.string(),
  age: z.number().int().nullable(),
  distanceBandMiles: z.number().int(),
  reason: z.string(),
});

export const matchSchema = candidateSummarySchema.extend({
  id: z.string(),
  status: matchStatusSchema,
  /** 0-100, from computeCompatibility. */
  score: z.number(),
  photos: z.array(z.string()),
  followup_questions: z.array(z.string()),
  about: z.string().nullable(),
  sharedInterests: z.array(z.string()),
});
export type Match = z.infer<typeof matchSchema>;

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

/** Whether the two sides' dealbreakers conflict: a real boolean, never a string such as "false". */
export const dealbreakerConflictSchema = z.boolean();

// ── Inputs of the matching callables ─────────────────────────────────────────────────────

/** A candidate's user id, which is also the match's id (the callables call it matchUid or matchId). */
const candidateIdSchema = z.string().min(1).max(200);

/** triggeredGenerateNarrative, triggeredPrelimMatch and triggeredMatchingAlgo take nothing: `{}`. */
export const searchStepInputSchema = z.object({}).strict();

/** triggeredPhotoMatch: 'Set free' (declined) or 'Keep in your web' (accepted) in photo review. */
export const photoMatchInputSchema = z
  .object({ matchUid: candidateIdSchema, action: z.enum(["declined", "accepted"]) })
  .strict();

/** triggeredFollowupsMatch: the person answered Sam's follow-up questions about this match. */
export const followupsMatchInputSchema = z
  .object({ matchUid: candidateIdSchema, action: z.literal("answered") })
  .strict();

/** triggeredMatchConfirmation: 'Confirm and Connect' on the pending match. */
export const matchConfirmationInputSchema = z.object({ matchId: candidateIdSchema }).strict();

/** recordMatchOutcome: the signed token of one answer link (no sign-in needed). */
export const recordMatchOutcomeInputSchema = z.object({ token: z.string().min(1).max(1_000) }).strict();

/** matchMomentSeen: the person saw the moment of their connection with this match. */
export const matchMomentSeenInputSchema = z.object({ matchId: candidateIdSchema }).strict();
