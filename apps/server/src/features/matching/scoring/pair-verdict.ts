import { computeCompatibility } from "@sams-web/domain/matching/compatibility";
import {
  COMPATIBILITY_DIMENSIONS,
  type CompatibilityDimension,
  classifyScore,
  type ScoreClass,
} from "@sams-web/domain/matching/rules";
import { type SubScores, subScoresSchema } from "@sams-web/domain/matching/schemas";
import * as z from "zod";
import type { Narrative } from "../narrative/narrative.ts";
import { dealbreakerConflict } from "./dealbreakers.ts";
import { followupQuestionsFor } from "./followup-questions.ts";
import type { Scorer } from "./scorer.ts";

// How one pair of people is judged, from their narratives alone: the search stores what this
// decides, and the evaluation command reports it, so both run exactly the same rules.

const judgementSchema = z.object({
  subScores: subScoresSchema,
  uncertain: z.array(z.enum(COMPATIBILITY_DIMENSIONS)).max(COMPATIBILITY_DIMENSIONS.length),
});

/** Both directions of a pair, validated, and the score code computes from them. */
export interface PairVerdict {
  score: number;
  conflict: boolean;
  /** How well the candidate fits what the person seeks, and the other way round. */
  aboutCandidate: SubScores;
  aboutPerson: SubScores;
  /** Dimensions where the candidate's side is unclear (asked of the candidate), and vice versa. */
  unclearAboutCandidate: CompatibilityDimension[];
  unclearAboutPerson: CompatibilityDimension[];
}

/**
 * Asks the scorer both ways and computes the reciprocal score; dealbreakers are applied by code.
 * Throws (ZodError, or the scorer's own error) when an answer is invalid: nothing may be kept.
 */
export async function judgePair(scorer: Scorer, person: Narrative, candidate: Narrative): Promise<PairVerdict> {
  const aboutCandidate = judgementSchema.parse(await scorer.judge(person, candidate));
  const aboutPerson = judgementSchema.parse(await scorer.judge(candidate, person));
  const conflict = dealbreakerConflict(person, candidate);
  return {
    score: computeCompatibility(aboutCandidate.subScores, aboutPerson.subScores, conflict),
    conflict,
    aboutCandidate: aboutCandidate.subScores,
    aboutPerson: aboutPerson.subScores,
    unclearAboutCandidate: aboutCandidate.uncertain,
    unclearAboutPerson: aboutPerson.uncertain,
  };
}

export interface PairDecision {
  status: ScoreClass;
  /** The follow-up questions each side is asked; empty unless the pair waits for follow-ups. */
  questionsForPerson: string[];
  questionsForCandidate: string[];
}

/**
 * Where a freshly judged pair goes. Follow-up questions go to the person whose side was unclear,
 * about themselves, and only while the pair waits for follow-ups.
 */
export function decidePair(verdict: PairVerdict): PairDecision {
  const status = classifyScore(verdict.score, verdict.unclearAboutCandidate.length + verdict.unclearAboutPerson.length);
  const questions = (unclear: readonly CompatibilityDimension[]) =>
    status === "followupsQueued" ? followupQuestionsFor(unclear) : [];
  return {
    status,
    questionsForPerson: questions(verdict.unclearAboutPerson),
    questionsForCandidate: questions(verdict.unclearAboutCandidate),
  };
}
