import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import { RELIGIONS } from "@sams-web/domain/non-negotiables/rules";
import { type ConceptReading, conceptOf, readConcepts } from "../../../platform/text-reading/concepts.ts";
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

function isReligion(faith: Facts["faith"]): boolean {
  return faith != null && (RELIGIONS as readonly string[]).includes(faith);
}

/**
 * A person's quick answers, read as concepts and laid over what their words say (an answer is
 * what they told Sam outright, so it wins over a reading of their words): wanting children or
 * marriage, a faith that matters, dogs or cats at home. What someone `seeks` is read from their
 * own answers too: a person who wants children wants a partner who does.
 */
function withAnswers(reading: ConceptReading, facts: Facts, as: "seeks" | "self"): ConceptReading {
  const set = (dimension: CompatibilityDimension, id: string, affirmed: boolean) => {
    (affirmed ? reading.affirmed : reading.denied)[dimension].add(id);
    (affirmed ? reading.denied : reading.affirmed)[dimension].delete(id);
  };
  if (facts.wantsChildren === "yes" || facts.wantsChildren === "no")
    set("goals", "children", facts.wantsChildren === "yes");
  if (facts.wantsMarriage === "yes" || facts.wantsMarriage === "no")
    set("goals", "marriage", facts.wantsMarriage === "yes");
  const matters =
    facts.faithImportance === "high" ||
    (as === "self" ? facts.faithImportance !== "low" : facts.faithImportance === "some");
  if (isReligion(facts.faith) && matters) set("values", "faith", true);
  if (facts.faith === "none" && (as === "self" || facts.faithImportance === "high")) set("values", "faith", false);
  if (as === "self" && facts.pets && facts.pets !== "none") set("lifestyle", "animals", true);
  return reading;
}

/** Values two people's answers set against each other: opposite politics, or different faiths, that matter a lot to either. */
function answerClashes(seeker: Facts, candidate: Facts): number {
  let clashes = 0;
  const politicsMatter = seeker.politicsImportance === "high" || candidate.politicsImportance === "high";
  const opposite =
    (seeker.politics === "liberal" && candidate.politics === "conservative") ||
    (seeker.politics === "conservative" && candidate.politics === "liberal");
  if (politicsMatter && opposite) clashes += 1;
  const faithMatters = seeker.faithImportance === "high" || candidate.faithImportance === "high";
  if (faithMatters && isReligion(seeker.faith) && candidate.faith != null && candidate.faith !== seeker.faith)
    clashes += 1;
  return clashes;
}

/**
 * The embedded scorer. For each dimension: the concepts the seeker asks for there against what
 * the candidate says of themselves there, denials read as denials ("I don't hike", "hiking is
 * not my thing") and sarcasm and questions ignored. Nothing asked → a neutral 6; asked but the
 * candidate says nothing on it → 5 and an uncertain point (a follow-up question); otherwise 4
 * plus up to 6 for the share of wishes met. Each clash (the candidate has what the seeker rules
 * out or the opposite of a wish, or denies a wish) costs 3. Only the vocabulary counts, after
 * instruction-like sentences are removed, so text aimed at the scorer cannot move a score. The
 * quick questions' answers of both count as what each says outright. Deterministic.
 */
export const heuristicScorer: Scorer = {
  name: "heuristic",
  async judge(seeker, candidate, facts) {
    const seeks = withAnswers(readConcepts(seeksText(seeker)), facts?.seeker ?? {}, "seeks");
    const self = withAnswers(readConcepts(selfText(candidate)), facts?.candidate ?? {}, "self");
    const valueClashes = answerClashes(facts?.seeker ?? {}, facts?.candidate ?? {});
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
      const clashes = count(ruledOut, offered) + count(wanted, denied) + (dimension === "values" ? valueClashes : 0);
      subScores[dimension] = Math.min(10, Math.max(0, Math.round(base - CLASH_PENALTY * clashes)));
    }
    return { subScores, uncertain };
  },
};
