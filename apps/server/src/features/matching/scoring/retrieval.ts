import { stems } from "../../../platform/text-reading/text.ts";
import type { Narrative } from "../narrative/narrative.ts";
import { offersText, seeksText } from "./scorer.ts";

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
