import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import { stripInstructions } from "../../../platform/text-reading/text.ts";
import type { Narrative } from "../narrative/narrative.ts";

/**
 * One direction of a pair: how well `candidate` fits what `seeker` looks for. The output is raw
 * (a model's answer is untrusted): the matcher validates it with the domain's subScoresSchema and
 * computes the percentage itself, so a scorer can never decide a score directly.
 */
export interface Judgement {
  subScores: unknown;
  /** Dimensions the candidate's narrative says too little about to judge. */
  uncertain: unknown;
}

/** Both people's answers to the quick questions, as a scorer sees them (either may be empty). */
export interface PairFacts {
  seeker: Facts;
  candidate: Facts;
}

export interface Scorer {
  readonly name: string;
  judge(seeker: Narrative, candidate: Narrative, facts?: PairFacts): Promise<Judgement>;
}

// ── What a person seeks and what they offer ─────────────────────────────────────────────────

// Each field is cleaned on its own, so an instruction left without a full stop cannot take the
// next field's first sentence down with it.
function cleanFields(...fields: string[]): string {
  return fields
    .map(stripInstructions)
    .filter((field) => field !== "")
    .join(" ");
}

export function seeksText(n: Narrative): string {
  return cleanFields(n.partnerPreferences, n.goals);
}

export function offersText(n: Narrative): string {
  return cleanFields(n.about, n.bestQualities, n.contributions, n.goals);
}

/** What a person says of their life and their plans, and of the partner they hope for: read for where their life is going. */
export function planText(n: Narrative): string {
  return cleanFields(n.about, n.goals, n.partnerPreferences, n.contributions);
}

/** The narrative fields selfText reads. */
export const SELF_FIELDS = ["about", "bestQualities", "worstQualities", "contributions", "goals"] as const;

/** Everything a person says of themselves, flaws included ("I'm not very active"). */
export function selfText(n: Narrative): string {
  return cleanFields(...SELF_FIELDS.map((field) => n[field]));
}

/**
 * The sub-score of a dimension the seeker asks nothing about, from either scorer (the model is
 * told the same): neither for nor against the pair.
 */
export const UNASKED_SUB_SCORE = 6;
