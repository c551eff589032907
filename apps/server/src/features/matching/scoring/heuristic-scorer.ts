import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { conceptOf, readConcepts } from "../../../platform/text-reading/concepts.ts";
import { type Scorer, seeksText, selfText, UNASKED_SUB_SCORE } from "./scorer.ts";

/** What a clash costs a dimension: the candidate has what the seeker rules out, or lacks what they want. */
const CLASH_PENALTY = 3;

function opposites(dimension: CompatibilityDimension, ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    const opposite = conceptOf(dimension, id)?.opposite;
    if (opposite) out.add(opposite);
  }
  return out;
}

function count(set: ReadonlySet<string>, inside: ReadonlySet<string>): number {
  return [...set].filter((id) => inside.has(id)).length;
}

/**
 * The embedded scorer. For each dimension: the concepts the seeker asks for there against what
 * the candidate says of themselves there, denials read as denials ("I don't hike", "hiking is
 * not my thing") and sarcasm and questions ignored. Nothing asked → a neutral 6; asked but the
 * candidate says nothing on it → 5 and an uncertain point (a follow-up question); otherwise 4
 * plus up to 6 for the share of wishes met. Each clash (the candidate has what the seeker rules
 * out or the opposite of a wish, or denies a wish) costs 3. Only the vocabulary counts, after
 * instruction-like sentences are removed, so text aimed at the scorer cannot move a score.
 * Deterministic.
 */
export const heuristicScorer: Scorer = {
  name: "heuristic",
  async judge(seeker, candidate) {
    const seeks = readConcepts(seeksText(seeker));
    const self = readConcepts(selfText(candidate));
    const subScores: Record<string, number> = {};
    const uncertain: CompatibilityDimension[] = [];
    for (const dimension of COMPATIBILITY_DIMENSIONS) {
      const wanted = seeks.affirmed[dimension];
      const ruledOut = new Set([...seeks.denied[dimension], ...opposites(dimension, wanted)]);
      const offered = self.affirmed[dimension];
      const denied = self.denied[dimension];
      if (wanted.size > 0 && offered.size === 0 && denied.size === 0) {
        subScores[dimension] = 5;
        uncertain.push(dimension);
        continue;
      }
      const base = wanted.size === 0 ? UNASKED_SUB_SCORE : 4 + (6 * count(wanted, offered)) / wanted.size;
      const clashes = count(ruledOut, offered) + count(wanted, denied);
      subScores[dimension] = Math.min(10, Math.max(0, Math.round(base - CLASH_PENALTY * clashes)));
    }
    return { subScores, uncertain };
  },
};
