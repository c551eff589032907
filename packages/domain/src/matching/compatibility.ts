import { COMPATIBILITY_DIMENSIONS } from "./rules.ts";
import { dealbreakerConflictSchema, type SubScores, subScoresSchema } from "./schemas.ts";

// The reciprocal compatibility score, computed by code from a scorer's raw output. It validates
// that output with schemas.ts, so it is for the server: the browser never scores.

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
  if (dealbreakerConflictSchema.parse(dealbreakerConflict)) return 0;
  return Math.round(Math.sqrt(average(a) * average(b)) * 10);
}
