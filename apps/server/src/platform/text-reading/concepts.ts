import { COMPATIBILITY_DIMENSIONS, type CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { readStatements, stem } from "./text.ts";

// The heuristic scorer's vocabulary: for each compatibility dimension, the concepts people name
// and the everyday words (synonyms, paraphrases, word forms) they name them with, so "novels"
// meets "books" and "trekking" meets "hiking". A concept's label is how an explanation names it;
// labels are fixed words, never anyone's own.

export interface Concept {
  id: string;
  label: string;
  words: string;
  /** A concept this one rules out in the same dimension (late nights against early mornings). */
  opposite?: string;
}

export const CONCEPTS: Readonly<Record<CompatibilityDimension, readonly Concept[]>> = {
  values: [
    {
      id: "honesty",
      label: "honesty",
      words: "honest honesty truthful truth trust trusting trustworthy integrity sincere sincerity genuine",
    },
    {
      id: "kindness",
      label: "kindness",
      words:
        "kind kindness gentle care compassion compassionate empathy empathetic warm warmth generous generosity considerate thoughtful",
    },
    { id: "loyalty", label: "loyalty", words: "loyal loyalty faithful devoted devotion dependable reliable steady" },
    {
      id: "faith",
      label: "faith",
      words:
        "faith god church religion religious spiritual christian christ catholic muslim jewish prayer pray devout bible",
    },
    { id: "family", label: "family", words: "family family-oriented family-minded" },
    { id: "respect", label: "respect", words: "respect respectful humble humility ethical principles values" },
    { id: "ambition", label: "ambition", words: "ambitious ambition driven disciplined discipline career motivation" },
    { id: "curiosity", label: "curiosity", words: "curious curiosity learning wonder open-minded" },
  ],
  lifestyle: [
    {
      id: "active",
      label: "an active life",
      words:
        "active outdoors outdoor outdoorsy adventurous adventure adventures hiking hike hiker trekking trail trails mountains camping climbing running runner marathon marathons gym fitness cycling cycle sporty athletic energetic energy workouts",
      opposite: "homebody",
    },
    {
      id: "homebody",
      label: "nights in",
      words: "homebody cozy couch indoors nights-in",
      opposite: "active",
    },
    { id: "calm", label: "a quiet pace", words: "quiet calm peaceful peace relaxed slow", opposite: "nightlife" },
    {
      id: "nightlife",
      label: "late nights",
      words: "nightlife night nights owl late party parties partying clubbing clubs festival festivals bar bars",
      opposite: "early",
    },
    { id: "early", label: "early mornings", words: "early morning mornings dawn sunrise", opposite: "nightlife" },
    {
      id: "healthy",
      label: "healthy living",
      words: "healthy health vegan vegetarian meditation meditate mindfulness yoga",
    },
    { id: "travel", label: "travel", words: "travel traveling travelling trips trip abroad countries explore" },
    { id: "animals", label: "animals", words: "animals animal pets pet dog dogs cat cats puppy" },
    { id: "tidy", label: "a tidy home", words: "tidy organized neat clean" },
    { id: "city", label: "city life", words: "city urban downtown", opposite: "rural" },
    { id: "rural", label: "country life", words: "rural countryside farm ranch", opposite: "city" },
  ],
  goals: [
    {
      id: "marriage",
      label: "marriage",
      words: "marriage married marry marrying wedding wife husband spouse",
    },
    {
      id: "children",
      label: "children",
      words: "kids kid children child baby babies dad father mom mother parent parents adopt adopting",
    },
    {
      id: "commitment",
      label: "commitment",
      words:
        "commitment committed commit long-term lifelong serious settle settling forever stable stability steady future",
      opposite: "casual",
    },
    { id: "casual", label: "keeping it light", words: "casual fling flings hookup hookups", opposite: "commitment" },
    { id: "home", label: "a home together", words: "home house yard garden" },
  ],
  communication: [
    { id: "listening", label: "listening", words: "listen listener listening listens" },
    {
      id: "conversation",
      label: "good conversation",
      words:
        "talk talking talks conversation conversations debate discuss communicate communication open openly openness share sharing express texting calls direct",
    },
    { id: "humor", label: "humor", words: "humor humour funny laugh laughter laughing jokes joke witty" },
    { id: "patience", label: "patience", words: "patient patience understanding" },
    { id: "support", label: "support", words: "supportive support encouraging encouragement" },
  ],
  interests: [
    {
      id: "books",
      label: "books",
      words: "books book reading read reader novel novels literature library librarian bookshops poetry writing",
    },
    {
      id: "music",
      label: "music",
      words: "music concerts concert piano jazz band bands guitar records playlist singing choir musician",
    },
    { id: "films", label: "films", words: "movies movie films film cinema" },
    { id: "games", label: "games", words: "game games gaming gamer board-games" },
    {
      id: "nature",
      label: "the outdoors",
      words:
        "hiking hike trekking camping climbing trail trails mountains nature fishing sailing sail diving birdwatching gardening garden gardens outdoors",
    },
    { id: "sports", label: "sports", words: "sports football basketball soccer running marathon cycling yoga gym" },
    {
      id: "arts",
      label: "art",
      words:
        "art arts painting paint museums museum theater theatre drawing drawings illustration ceramics photography",
    },
    {
      id: "science",
      label: "science",
      words: "science astronomy stargazing telescope chemistry physics galaxies",
    },
    {
      id: "cooking",
      label: "cooking",
      words: "cooking cook baking bake food kitchen restaurants dinners dinner recipes",
    },
    { id: "travel", label: "travel", words: "travel traveling travelling trips countries explore" },
    { id: "dancing", label: "dancing", words: "dance dancing dancer salsa" },
    { id: "history", label: "history", words: "history historical" },
  ],
};

function stemIndex(concepts: readonly Concept[]): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const concept of concepts) {
    for (const word of concept.words.split(" ")) {
      const key = stem(word);
      index.set(key, [...new Set([...(index.get(key) ?? []), concept.id])]);
    }
  }
  return index;
}

/** Stem → the concepts of one dimension it names. */
const BY_STEM: Readonly<Record<CompatibilityDimension, ReadonlyMap<string, readonly string[]>>> = {
  values: stemIndex(CONCEPTS.values),
  lifestyle: stemIndex(CONCEPTS.lifestyle),
  goals: stemIndex(CONCEPTS.goals),
  communication: stemIndex(CONCEPTS.communication),
  interests: stemIndex(CONCEPTS.interests),
};

export function conceptOf(dimension: CompatibilityDimension, id: string): Concept | undefined {
  return CONCEPTS[dimension].find((c) => c.id === id);
}

/** The concepts a text affirms and the ones it denies, per dimension. */
export interface ConceptReading {
  affirmed: Record<CompatibilityDimension, Set<string>>;
  denied: Record<CompatibilityDimension, Set<string>>;
}

function emptySets(): Record<CompatibilityDimension, Set<string>> {
  return Object.fromEntries(COMPATIBILITY_DIMENSIONS.map((d) => [d, new Set<string>()])) as Record<
    CompatibilityDimension,
    Set<string>
  >;
}

/**
 * Reads a text for concepts. A concept both affirmed and denied (e.g. "I love books but not
 * e-books") counts as affirmed: the denial was about something narrower.
 */
export function readConcepts(text: string): ConceptReading {
  const affirmed = emptySets();
  const denied = emptySets();
  for (const clause of readStatements(text)) {
    for (const { stem: s, negated } of clause) {
      for (const dimension of COMPATIBILITY_DIMENSIONS) {
        for (const id of BY_STEM[dimension].get(s) ?? []) (negated ? denied : affirmed)[dimension].add(id);
      }
    }
  }
  for (const dimension of COMPATIBILITY_DIMENSIONS) {
    for (const id of affirmed[dimension]) denied[dimension].delete(id);
  }
  return { affirmed, denied };
}
