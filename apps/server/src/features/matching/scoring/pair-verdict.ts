import { computeCompatibility } from "@sams-web/domain/matching/compatibility";
import {
  COMPATIBILITY_DIMENSIONS,
  type CompatibilityDimension,
  classifyScore,
  type ScoreClass,
} from "@sams-web/domain/matching/rules";
import { type SubScores, subScoresSchema } from "@sams-web/domain/matching/schemas";
import { factsClash } from "@sams-web/domain/non-negotiables/rules";
import * as z from "zod";
import { checkLimits, type DealbreakerQuestion, factsWithReading, type MatchPerson } from "./dealbreakers.ts";
import { followupQuestionsFor } from "./followup-questions.ts";
import type { Scorer } from "./scorer.ts";

// How one pair of people is judged, from their narratives and answers alone: the search stores
// what this decides, and the evaluation command reports it, so both run exactly the same rules.

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
  /** Questions that can end the pair: the person's limits asked of the candidate, and vice versa. */
  limitsForCandidate: DealbreakerQuestion[];
  limitsForPerson: DealbreakerQuestion[];
}

const NO_FIT: SubScores = { values: 0, lifestyle: 0, goals: 0, communication: 0, interests: 0 };

/**
 * Applies both people's limits first, by code: a pair that breaks one ends here, and the scorer
 * is never asked (it costs nothing). Otherwise asks the scorer both ways and computes the
 * reciprocal score. `miles` between them, when known, applies the long-distance rule too.
 * Throws (ZodError, or the scorer's own error) when an answer is invalid: nothing may be kept.
 */
export async function judgePair(
  scorer: Scorer,
  person: MatchPerson,
  candidate: MatchPerson,
  miles?: number,
): Promise<PairVerdict> {
  const mine = checkLimits(person, candidate);
  const theirs = checkLimits(candidate, person);
  // Each one's answers with the limits they confirmed: applied here, and seen by the scorer, since
  // a limit says where its holder stands too (refusing those who want children, they want none).
  const personFacts = factsWithReading(person);
  const candidateFacts = factsWithReading(candidate);
  const conflict = mine.conflict || theirs.conflict || factsClash(personFacts, candidateFacts, miles);
  if (conflict) {
    return {
      score: 0,
      conflict,
      aboutCandidate: NO_FIT,
      aboutPerson: NO_FIT,
      unclearAboutCandidate: [],
      unclearAboutPerson: [],
      limitsForCandidate: [],
      limitsForPerson: [],
    };
  }
  const aboutCandidate = judgementSchema.parse(
    await scorer.judge(person.narrative, candidate.narrative, { seeker: personFacts, candidate: candidateFacts }),
  );
  const aboutPerson = judgementSchema.parse(
    await scorer.judge(candidate.narrative, person.narrative, { seeker: candidateFacts, candidate: personFacts }),
  );
  return {
    score: computeCompatibility(aboutCandidate.subScores, aboutPerson.subScores, false),
    conflict: false,
    aboutCandidate: aboutCandidate.subScores,
    aboutPerson: aboutPerson.subScores,
    unclearAboutCandidate: aboutCandidate.uncertain,
    unclearAboutPerson: aboutPerson.uncertain,
    limitsForCandidate: mine.questions,
    limitsForPerson: theirs.questions,
  };
}

export interface PairDecision {
  status: ScoreClass;
  /** The follow-up questions each side is asked; empty unless the pair waits for follow-ups. */
  questionsForPerson: string[];
  questionsForCandidate: string[];
  /** Of those, the ones whose answer can end the pair. */
  limitsForPerson: DealbreakerQuestion[];
  limitsForCandidate: DealbreakerQuestion[];
  /** Whether the score alone would send the pair to photo review, and only open limits hold it. */
  heldForLimits: boolean;
}

/**
 * Where a freshly judged pair goes. Follow-up questions go to the person whose side was unclear,
 * about themselves, and only while the pair waits for follow-ups. A limit left open keeps a pair
 * that would go to photo review waiting until it is answered (its question comes first); it
 * never makes a pair worth asking about that the score alone would end.
 */
export function decidePair(verdict: PairVerdict): PairDecision {
  const byScore = classifyScore(
    verdict.score,
    verdict.unclearAboutCandidate.length + verdict.unclearAboutPerson.length,
  );
  const limitsOpen = verdict.limitsForCandidate.length + verdict.limitsForPerson.length > 0;
  const status = byScore === "photoValidation" && limitsOpen ? "followupsQueued" : byScore;
  const waits = status === "followupsQueued";
  const questions = (limits: readonly DealbreakerQuestion[], unclear: readonly CompatibilityDimension[]) =>
    waits ? [...limits.map((limit) => limit.question), ...followupQuestionsFor(unclear)] : [];
  return {
    status,
    questionsForPerson: questions(verdict.limitsForPerson, verdict.unclearAboutPerson),
    questionsForCandidate: questions(verdict.limitsForCandidate, verdict.unclearAboutCandidate),
    limitsForPerson: waits ? verdict.limitsForPerson : [],
    limitsForCandidate: waits ? verdict.limitsForCandidate : [],
    heldForLimits: byScore === "photoValidation" && limitsOpen,
  };
}
