import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import type { Narrative } from "./narrative.ts";
import { stem, stems, stripInstructions } from "./text.ts";

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

export interface Scorer {
  readonly name: string;
  judge(seeker: Narrative, candidate: Narrative): Promise<Judgement>;
}

// ── What a person seeks and what they offer ─────────────────────────────────────────────────

export function seeksText(n: Narrative): string {
  return stripInstructions([n.partnerPreferences, n.goals].join(" "));
}

export function offersText(n: Narrative): string {
  return stripInstructions([n.about, n.bestQualities, n.contributions, n.goals].join(" "));
}

// ── Dimension vocabularies of the heuristic scorer ──────────────────────────────────────────

const LEXICON_WORDS: Readonly<Record<CompatibilityDimension, string>> = {
  values:
    "honest honesty loyal loyalty faith religion religious church spiritual family kind kindness respect integrity trust trustworthy generous generosity compassion compassionate empathy ethical values principles faithful humble humility",
  lifestyle:
    "active outdoors outdoor hiking hike gym fitness fit running run travel traveling homebody city country rural urban early morning night nightlife healthy cooking cook vegan vegetarian pets pet dog dogs cat cats quiet adventurous adventure relaxed routine organized tidy",
  goals:
    "marriage married marry kids children family long-term commitment committed settle settling future home house stable stability wedding partner lifelong forever together grow",
  communication:
    "talk talking listen listener communicate communication open openness conversation conversations humor funny laugh laughter texting calls direct patient patience understanding express share sharing supportive support",
  interests:
    "music books reading read movies films art painting museums sports football basketball soccer games gaming board travel hiking dance dancing science history photography gardening cooking baking concerts theater writing poetry yoga camping fishing",
};

const LEXICON: Readonly<Record<CompatibilityDimension, Set<string>>> = Object.fromEntries(
  COMPATIBILITY_DIMENSIONS.map((d) => [d, new Set(LEXICON_WORDS[d].split(" ").map(stem))]),
) as Record<CompatibilityDimension, Set<string>>;

function dimensionStems(text: string, dimension: CompatibilityDimension): Set<string> {
  return new Set(stems(text).filter((s) => LEXICON[dimension].has(s)));
}

/**
 * The embedded scorer. For each dimension: what the seeker asks for there against what the
 * candidate says about themselves there. Nothing asked → a neutral 6; asked but the candidate is
 * silent → 5 and an uncertain point (a follow-up question); otherwise 4 plus up to 6 for overlap.
 * Only dimension vocabulary counts, after instruction-like sentences are removed, so text aimed
 * at the scorer cannot move a score. Deterministic.
 */
export const heuristicScorer: Scorer = {
  name: "heuristic",
  async judge(seeker, candidate) {
    const seeks = seeksText(seeker);
    const offers = offersText(candidate);
    const subScores: Record<string, number> = {};
    const uncertain: CompatibilityDimension[] = [];
    for (const dimension of COMPATIBILITY_DIMENSIONS) {
      const wanted = dimensionStems(seeks, dimension);
      const offered = dimensionStems(offers, dimension);
      if (wanted.size === 0) {
        subScores[dimension] = 6;
      } else if (offered.size === 0) {
        subScores[dimension] = 5;
        uncertain.push(dimension);
      } else {
        const overlap = [...wanted].filter((s) => offered.has(s)).length / wanted.size;
        subScores[dimension] = Math.round(4 + 6 * overlap);
      }
    }
    return { subScores, uncertain };
  },
};

// ── Dealbreakers: hard limits, applied by code whatever the scorer said ─────────────────────

/** +1 wants children, -1 does not, 0 unknown. */
function kidsStance(text: string): number {
  if (/\b(don'?t|do not|never|no)\s+(want\s+)?(kids|children)\b|\bchild-?free\b/i.test(text)) return -1;
  if (/\b(want|have|raise|start)\w*\s+(\w+\s+)?(kids|children|a family)\b/i.test(text)) return 1;
  return 0;
}

function smokes(text: string): boolean {
  if (/\b(don'?t|do not|never|not a)\s+(smoke|smoker)/i.test(text) || /\bnon-?smoker\b/i.test(text)) return false;
  return /\b(i\s+smoke|i'?m\s+a\s+smoker|i\s+am\s+a\s+smoker|i\s+vape)\b/i.test(text);
}

function breaks(holder: Narrative, other: Narrative): boolean {
  const rules = stripInstructions(holder.dealbreakers);
  const otherSelf = stripInstructions([other.about, other.goals, other.worstQualities, other.bestQualities].join(" "));
  if (/\bsmok|\bvap/i.test(rules) && smokes(otherSelf)) return true;
  if (/\b(kids|children|family)\b/i.test(rules)) {
    const mine = kidsStance([holder.goals, holder.dealbreakers, holder.partnerPreferences].join(" "));
    const theirs = kidsStance(otherSelf);
    if (mine !== 0 && theirs !== 0 && mine !== theirs) return true;
  }
  return false;
}

/** Whether either person's dealbreakers rule the other out. */
export function dealbreakerConflict(a: Narrative, b: Narrative): boolean {
  return breaks(a, b) || breaks(b, a);
}

// ── Retrieval: a cheap TF-IDF cosine picks who gets scored ──────────────────────────────────

function termFrequencies(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const s of stems(text)) tf.set(s, (tf.get(s) ?? 0) + 1);
  return tf;
}

function cosine(a: Map<string, number>, b: Map<string, number>, idf: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, count] of a) {
    const w = count * (idf.get(term) ?? 0);
    na += w * w;
    const other = b.get(term);
    if (other !== undefined) dot += w * other * (idf.get(term) ?? 0);
  }
  for (const [term, count] of b) {
    const w = count * (idf.get(term) ?? 0);
    nb += w * w;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * The `k` candidates whose narratives best answer the person's and whose seeking the person best
 * answers (the mean of both cosines), ties broken by id so the choice is repeatable.
 */
export function retrieveTopK(
  person: Narrative,
  candidates: readonly { id: string; narrative: Narrative }[],
  k: number,
): string[] {
  const docs = candidates.map((c) => ({
    id: c.id,
    seeks: termFrequencies(seeksText(c.narrative)),
    offers: termFrequencies(offersText(c.narrative)),
  }));
  const mySeeks = termFrequencies(seeksText(person));
  const myOffers = termFrequencies(offersText(person));
  const documentFrequency = new Map<string, number>();
  const all = [mySeeks, myOffers, ...docs.flatMap((d) => [d.seeks, d.offers])];
  for (const tf of all)
    for (const term of tf.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = new Map([...documentFrequency].map(([term, df]) => [term, Math.log(1 + all.length / df)]));
  return docs
    .map((d) => ({ id: d.id, similarity: (cosine(mySeeks, d.offers, idf) + cosine(d.seeks, myOffers, idf)) / 2 }))
    .sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, k)
    .map((d) => d.id);
}
