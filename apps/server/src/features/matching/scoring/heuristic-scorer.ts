import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import { RELIGIONS } from "@sams-web/domain/non-negotiables/rules";
import { type ConceptReading, conceptOf, readConcepts } from "../../../platform/text-reading/concepts.ts";
import {
  type LifePlan,
  type PlanAxis,
  planAgreements,
  planClashes,
  readLifePlan,
} from "../../../platform/text-reading/life-plans.ts";
import { planText, type Scorer, seeksText, selfText, UNASKED_SUB_SCORE } from "./scorer.ts";

/** What a clash costs a dimension: the candidate has what the seeker rules out, or lacks what they want. */
const CLASH_PENALTY = 3;

/**
 * What plans out of step cost their dimension, each axis: more than a clash of words, since two
 * people who want different lives are a weak fit however much else they share.
 */
const PLAN_CLASH_PENALTY = 10;

/**
 * What a clash of plans outside the goals costs the goals as well: two people who want different
 * lives (one leaving for the country, the other rooted in the city; one out every night, the
 * other happiest in) want different years ahead, however much else they share.
 */
const LIVES_APART_PENALTY = PLAN_CLASH_PENALTY / 2;

/** The dimension each axis of a life plan belongs to. */
const PLAN_DIMENSION: Readonly<Record<PlanAxis, CompatibilityDimension>> = {
  children: "goals",
  marriage: "goals",
  pace: "goals",
  place: "lifestyle",
  time: "lifestyle",
  social: "lifestyle",
  faith: "values",
  money: "values",
  talk: "communication",
  roles: "goals",
  drinking: "lifestyle",
  politics: "values",
  setting: "lifestyle",
  drive: "values",
  hours: "lifestyle",
  routine: "lifestyle",
};

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

/**
 * Two different faiths, answered, that matter a lot to either. A faith that matters against none,
 * and politics, are plans out of step (planClashes).
 */
function differentFaiths(seeker: Facts, candidate: Facts): boolean {
  const faithMatters = seeker.faithImportance === "high" || candidate.faithImportance === "high";
  return faithMatters && isReligion(seeker.faith) && isReligion(candidate.faith) && candidate.faith !== seeker.faith;
}

/** The goals whose concept a life plan reads better than single words: "never wanting kids" names kids. */
const PLAN_GOALS = ["children", "marriage"] as const satisfies readonly PlanAxis[];

/**
 * Where both people said where they stand on children or marriage, their plans decide that goal
 * instead of the words: both saying "no kids" is a goal met, not kids ruled out against kids
 * named. The same stance on both sides counts as a wish met; a clash is costed by planClashes.
 */
function settleByPlans(seeks: ConceptReading, self: ConceptReading, seekerPlan: LifePlan, candidatePlan: LifePlan) {
  const agreed = new Set(planAgreements(seekerPlan, candidatePlan));
  for (const goal of PLAN_GOALS) {
    if (seekerPlan[goal] === undefined || candidatePlan[goal] === undefined) continue;
    for (const reading of [seeks, self]) {
      reading.affirmed.goals.delete(goal);
      reading.denied.goals.delete(goal);
      if (agreed.has(goal)) reading.affirmed.goals.add(goal);
    }
  }
}

/**
 * The embedded scorer. For each dimension: the concepts the seeker asks for there against what
 * the candidate says of themselves there, denials read as denials ("I don't hike", "hiking is
 * not my thing") and sarcasm and questions ignored. Nothing asked → a neutral 6; asked but the
 * candidate says nothing on it → 5 and an uncertain point (a follow-up question); otherwise 4
 * plus up to 6 for the share of wishes met. Each clash (the candidate has what the seeker rules
 * out or the opposite of a wish, or denies a wish) costs 3. Plans out of step (readLifePlan:
 * one wants children and the other none, one is settled and the other leaving) cost their
 * dimension 10 each axis, also where the candidate's words are silent on the seeker's wishes,
 * and an axis outside the goals costs the goals 5 more; both saying the same about children or
 * marriage is a wish met. Only the vocabulary counts,
 * after instruction-like sentences are removed, so text aimed at the scorer cannot move a score.
 * The quick questions' answers of both count as what each says outright. Deterministic.
 */
export const heuristicScorer: Scorer = {
  name: "heuristic",
  async judge(seeker, candidate, facts) {
    const seeks = withAnswers(readConcepts(seeksText(seeker)), facts?.seeker ?? {}, "seeks");
    const self = withAnswers(readConcepts(selfText(candidate)), facts?.candidate ?? {}, "self");
    const valueClashes = differentFaiths(facts?.seeker ?? {}, facts?.candidate ?? {}) ? 1 : 0;
    const seekerPlan = readLifePlan(planText(seeker), facts?.seeker, seeker.dealbreakers);
    const candidatePlan = readLifePlan(planText(candidate), facts?.candidate, candidate.dealbreakers);
    const plansApart = planClashes(seekerPlan, candidatePlan);
    settleByPlans(seeks, self, seekerPlan, candidatePlan);
    const subScores: Record<string, number> = {};
    const uncertain: CompatibilityDimension[] = [];
    for (const dimension of COMPATIBILITY_DIMENSIONS) {
      const wanted = seeks.affirmed[dimension];
      const ruledOut = new Set([...seeks.denied[dimension], ...opposites(dimension, wanted)]);
      const offered = self.affirmed[dimension];
      const denied = self.denied[dimension];
      const inDimension = (axis: PlanAxis) => PLAN_DIMENSION[axis] === dimension;
      const planPenalty =
        PLAN_CLASH_PENALTY * plansApart.filter(inDimension).length +
        (dimension === "goals" ? LIVES_APART_PENALTY * plansApart.filter((axis) => !inDimension(axis)).length : 0);
      if (wanted.size > 0 && offered.size === 0 && denied.size === 0) {
        subScores[dimension] = Math.max(0, Math.round(5 - planPenalty));
        uncertain.push(dimension);
        continue;
      }
      const base = wanted.size === 0 ? UNASKED_SUB_SCORE : 4 + (6 * count(wanted, offered)) / wanted.size;
      const clashes = count(ruledOut, offered) + count(wanted, denied) + (dimension === "values" ? valueClashes : 0);
      subScores[dimension] = Math.min(10, Math.max(0, Math.round(base - CLASH_PENALTY * clashes - planPenalty)));
    }
    return { subScores, uncertain };
  },
};
