import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { conceptOf, readConcepts } from "../../../platform/text-reading/concepts.ts";
import { stems, stripInstructions } from "../../../platform/text-reading/text.ts";
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

export interface Scorer {
  readonly name: string;
  judge(seeker: Narrative, candidate: Narrative): Promise<Judgement>;
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

/** Everything a person says of themselves, flaws included ("I'm not very active"). */
export function selfText(n: Narrative): string {
  return cleanFields(n.about, n.bestQualities, n.worstQualities, n.contributions, n.goals);
}

// ── The heuristic scorer ────────────────────────────────────────────────────────────────────

/**
 * The sub-score of a dimension the seeker asks nothing about, from either scorer (the model is
 * told the same): neither for nor against the pair.
 */
export const UNASKED_SUB_SCORE = 6;

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
