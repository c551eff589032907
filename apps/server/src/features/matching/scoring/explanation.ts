import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { LRUCache } from "lru-cache";
import { CONCEPTS, readConcepts } from "../../../platform/text-reading/concepts.ts";
import type { Narrative } from "../narrative/narrative.ts";
import type { PairVerdict } from "./pair-verdict.ts";
import { SELF_FIELDS, seeksText, selfText, UNASKED_SUB_SCORE } from "./scorer.ts";

// "Why Sam thinks you fit": one or two sentences for a person about a candidate, built from the
// pair's sub-scores and both narratives. Every word comes from fixed templates and concept labels,
// never from either person's answers, so no one's private words, email address, ZIP code or
// birthday can reach the other through it.

const DIMENSION_LABELS: Readonly<Record<CompatibilityDimension, string>> = {
  values: "your values",
  lifestyle: "the way you live",
  goals: "what you want from the years ahead",
  communication: "the way you talk and listen",
  interests: "what you love doing",
};

/** Both directions of a dimension nobody asked about: below it, something stands against the pair. */
const NEUTRAL_PAIR = 2 * UNASKED_SUB_SCORE;

/** How many shared concepts the reason names at most. */
const MAX_NAMED = 3;

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The concepts of a dimension that both people bring up, in the vocabulary's order. */
function sharedConcepts(dimension: CompatibilityDimension, person: Narrative, candidate: Narrative): string[] {
  const mine = readConcepts(`${selfText(person)} ${seeksText(person)}`).affirmed[dimension];
  const theirs = readConcepts(`${selfText(candidate)} ${seeksText(candidate)}`).affirmed[dimension];
  return CONCEPTS[dimension].filter((c) => mine.has(c.id) && theirs.has(c.id)).map((c) => c.label);
}

export type FitVerdict = Pick<
  PairVerdict,
  "conflict" | "aboutCandidate" | "aboutPerson" | "unclearAboutCandidate" | "unclearAboutPerson"
>;

/**
 * Why Sam thinks `candidate` fits `person`: the dimension where both directions score best, with
 * up to three things both of them bring up there, and, honestly, the dimension that scores worst
 * (and whether Sam still knows too little about it). Pure and deterministic.
 */
export function explainFit(verdict: FitVerdict, person: Narrative, candidate: Narrative): string {
  if (verdict.conflict) {
    return "One of you named a dealbreaker that the other meets, so Sam does not see a match here.";
  }
  const ranked = COMPATIBILITY_DIMENSIONS.map((dimension) => ({
    dimension,
    score: verdict.aboutCandidate[dimension] + verdict.aboutPerson[dimension],
    shared: sharedConcepts(dimension, person, candidate),
    unclear: verdict.unclearAboutCandidate.includes(dimension) || verdict.unclearAboutPerson.includes(dimension),
  }));
  const strongest = [...ranked].sort((a, b) => b.score - a.score || b.shared.length - a.shared.length)[0];
  const weakest = [...ranked].sort((a, b) => a.score - b.score || Number(b.unclear) - Number(a.unclear))[0];
  if (!strongest || !weakest || strongest.score === weakest.score) {
    return "Sam sees an even fit across your values, the way you live, your plans, how you talk and what you love doing, with no clear strongest or weakest point.";
  }
  const named = strongest.shared.slice(0, MAX_NAMED);
  const ground =
    named.length > 0
      ? `Your strongest common ground is ${DIMENSION_LABELS[strongest.dimension]}: you both bring up ${listed(named)}.`
      : strongest.score > NEUTRAL_PAIR
        ? `Your strongest common ground is ${DIMENSION_LABELS[strongest.dimension]}.`
        : "Sam sees little common ground between you yet.";
  const label = DIMENSION_LABELS[weakest.dimension];
  const gap = weakest.unclear
    ? `The weakest fit is ${label}, where Sam still knows too little.`
    : weakest.score < NEUTRAL_PAIR
      ? `The weakest fit is ${label}.`
      : `Nothing stands against you; you said least about ${label}.`;
  return `${ground} ${gap}`;
}

/** How many shared interests photo review names at most. */
export const MAX_SHARED_INTERESTS = 3;

/**
 * What both people say they love doing, as the vocabulary names it ("books", "the outdoors"),
 * from what each says of themselves: labels only, never anyone's words. Pure and deterministic.
 */
export function sharedInterests(person: Narrative, candidate: Narrative): string[] {
  return sharedInterestsWith(person)(candidate);
}

/**
 * Interests kept read. Photo review shows the same candidates on every read of the matches list,
 * and reading a narrative's words was most of that read's CPU; a narrative's interests depend on
 * its words alone, so a reading is kept under those words (a rewritten narrative is simply read
 * anew), the least recently used dropped first: at most 10,000 readings, and at most 4 million
 * characters of words in all (8 MB), however long the narratives.
 */
const interestReadings = new LRUCache<string, ReadonlySet<string>>({
  max: 10_000,
  maxSize: 4_000_000,
  sizeCalculation: (_interests, words) => Math.max(1, words.length),
});

/** The interests a person affirms in their own words (selfText), read once per distinct words. */
function interestsOf(n: Narrative): ReadonlySet<string> {
  const words = SELF_FIELDS.map((field) => n[field]).join("\u0000");
  let interests = interestReadings.get(words);
  if (!interests) {
    interests = readConcepts(selfText(n)).affirmed.interests;
    interestReadings.set(words, interests);
  }
  return interests;
}

/** sharedInterests of one person with each of several candidates, their own text read once. */
export function sharedInterestsWith(person: Narrative): (candidate: Narrative) => string[] {
  const mine = interestsOf(person);
  return (candidate) => {
    const theirs = interestsOf(candidate);
    return CONCEPTS.interests
      .filter((c) => mine.has(c.id) && theirs.has(c.id))
      .map((c) => c.label)
      .slice(0, MAX_SHARED_INTERESTS);
  };
}
