import {
  POST_NEGATION,
  type ReadWord,
  readClause,
  statementClauses,
  stem,
  stripInstructions,
} from "../../../platform/text-reading/text.ts";
import type { Narrative } from "../narrative/narrative.ts";
import { selfText } from "./scorer.ts";

// Dealbreakers are hard limits, applied by code whatever the scorer said. A person's dealbreakers
// name topics; what they rule out is read clause by clause, whatever the wording:
//  - "No smokers", "Smoking.", "cigarettes are a no", "I'd never date a smoker": ruled out;
//  - "Someone who doesn't want kids": ruled out, so this person wants them;
//  - "I need someone who wants children", "Must love dogs": required;
//  - "I'm allergic to cats", "Religion is not for me": about themselves.
// The other person's side is what they say of themselves, denials read as denials ("I quit
// smoking", "I've never touched a cigarette").

/**
 * Habits are ruled out or required; stances (wanting children, faith, marriage) must agree.
 * `against` words deny the topic by themselves ("child-free", "atheist").
 */
interface Topic {
  kind: "habit" | "stance";
  words: string;
  against?: string;
  /** A narrower habit that also meets a rule about this one. */
  coveredBy?: string;
}

const TOPICS: Readonly<Record<string, Topic>> = {
  smoking: {
    kind: "habit",
    words: "smoke smoker smokers smoking smoked cigarette cigarettes cigar cigars vape vaping vaper",
    against: "non-smoker nonsmoker smoke-free",
  },
  // Chewing tobacco is not smoking, but a rule against tobacco or nicotine covers smoking too.
  tobacco: { kind: "habit", words: "tobacco nicotine snus", coveredBy: "smoking" },
  drinking: {
    kind: "habit",
    words: "drink drinking drinker drinkers drunk alcohol alcoholic booze",
    against: "sober teetotal teetotaler",
  },
  drugs: { kind: "habit", words: "drugs drug weed marijuana cannabis stoner", against: "drug-free" },
  cats: { kind: "habit", words: "cat cats kitten kittens" },
  dogs: { kind: "habit", words: "dog dogs puppy puppies" },
  children: {
    kind: "stance",
    words: "kids kid children child baby babies adopt adopting stepkids dad father mom mother parent",
    against: "child-free childfree",
  },
  religion: {
    kind: "stance",
    words: "faith god church religion religious christian christ catholic muslim jewish prayer pray devout bible",
    against: "atheist agnostic secular",
  },
  marriage: { kind: "stance", words: "marriage married marry marrying wedding husband wife spouse" },
};

/** Words for parents name a stance on children only when they are not someone's own parents. */
const PARENT_WORDS = new Set(["dad", "father", "mom", "mother", "parent"]);
const POSSESSIVES = new Set(["my", "our", "his", "her", "their", "your"]);
/** "Start a family", "raise a family": a family one makes is children. */
const FAMILY_MAKING = /^(start|starting|raise|raising|have|having|build|building|want|wants)$/;

const TOPIC_OF = new Map<string, { topic: string; against: boolean }>();
for (const [topic, { words: list, against = "" }] of Object.entries(TOPICS)) {
  for (const word of list.split(" ")) TOPIC_OF.set(stem(word), { topic, against: false });
  for (const word of against.split(" ").filter(Boolean)) TOPIC_OF.set(stem(word), { topic, against: true });
}

/** A rule about a habit that asks for degree ("heavy drinking") is met only by that degree. */
const INTENSITY =
  /\b(heavy|heavily|excessive|excessively|too much|too many|a lot|lots|drunk|alcoholic|binge|every night|most nights|daily|every day)\b/i;
const OTHERS =
  /\b(someone|anyone|somebody|anybody|people|person|partner|guy|guys|girl|girls|man|men|woman|women|who|those|date|dating)\b/i;
const FIRST_PERSON = /\b(i|i'm|i've|i'd|i'll|me|my|myself|mine)\b/i;
const REQUIRE = /\b(must|need|needs|only|require|required|requires|want|wants|has to|have to)\b/i;
const CUE = /\b(not|no|never|without|can't|cannot|won't|don't|wouldn't|couldn't)\b|n't\b/i;

/** +1 or -1 per topic a clause names, read with its negation. */
function topicsIn(read: readonly ReadWord[]): Map<string, 1 | -1> {
  const found = new Map<string, 1 | -1>();
  read.forEach((w, index) => {
    const makesFamily = w.word === "family" && FAMILY_MAKING.test(read[index - 2]?.word ?? "");
    const hit = makesFamily ? { topic: "children", against: false } : (TOPIC_OF.get(w.stem) ?? TOPIC_OF.get(w.word));
    if (!hit) return;
    if (PARENT_WORDS.has(w.word) && POSSESSIVES.has(read[index - 1]?.word ?? "")) return;
    const polarity = hit.against !== w.negated ? -1 : 1;
    // A denial outweighs an affirmation in the same clause ("I have kids but want no more").
    if (found.get(hit.topic) !== -1) found.set(hit.topic, polarity);
  });
  return found;
}

interface Side {
  /** Topics the person's dealbreakers name at all. */
  rules: Set<string>;
  /** Habits ruled out (with whether only a heavy degree is), and habits required. */
  rulesOut: Map<string, { heavyOnly: boolean }>;
  requires: Set<string>;
  /** +1 / -1 per stance topic, from what they say of themselves, else from their dealbreakers. */
  stances: Map<string, 1 | -1>;
  /** Habits they say they have (with whether heavily), and habits they deny. */
  has: Map<string, { heavy: boolean }>;
  denies: Set<string>;
}

function readSide(person: Narrative): Side {
  const side: Side = {
    rules: new Set(),
    rulesOut: new Map(),
    requires: new Set(),
    stances: new Map(),
    has: new Map(),
    denies: new Set(),
  };
  const ownStances = new Map<string, 1 | -1>();
  for (const clause of statementClauses(selfText(person))) {
    for (const [topic, polarity] of topicsIn(readClause(clause))) {
      if (TOPICS[topic]?.kind === "stance") {
        if (ownStances.get(topic) !== -1) ownStances.set(topic, polarity);
      } else if (polarity === 1) {
        const heavy = INTENSITY.test(clause) || side.has.get(topic)?.heavy === true;
        side.has.set(topic, { heavy });
      } else {
        side.denies.add(topic);
      }
    }
  }

  const impliedStances = new Map<string, 1 | -1>();
  for (const clause of statementClauses(stripInstructions(person.dealbreakers))) {
    for (const topic of topicsIn(readClause(clause)).keys()) side.rules.add(topic);
    const others = OTHERS.exec(clause);
    if (others) {
      // "I'd never date a smoker" / "Someone who doesn't want kids" / "I need someone who ...".
      const before = clause.slice(0, others.index);
      const rulesOut = !(REQUIRE.test(before) && !CUE.test(before));
      const attribute = clause.slice(others.index + others[0].length);
      applyRule(side, impliedStances, topicsIn(readClause(attribute)), rulesOut, attribute);
      // "Smokers or anyone who drinks": a name before the person is a bare name.
      if (!FIRST_PERSON.test(before)) applyBareName(side, impliedStances, before);
    } else if (FIRST_PERSON.test(clause)) {
      // About themselves: "I'm allergic to cats" rules cats out; "I'm an atheist" is a stance.
      for (const [topic, polarity] of topicsIn(readClause(clause))) {
        if (TOPICS[topic]?.kind === "stance") {
          if (ownStances.get(topic) === undefined) impliedStances.set(topic, polarity);
        } else if (polarity === -1) {
          side.rulesOut.set(topic, { heavyOnly: INTENSITY.test(clause) });
        }
      }
    } else {
      applyBareName(side, impliedStances, clause);
    }
  }
  for (const [topic, polarity] of impliedStances) if (!ownStances.has(topic)) side.stances.set(topic, polarity);
  for (const [topic, polarity] of ownStances) side.stances.set(topic, polarity);
  return side;
}

/** A bare name: "Smoking.", "No smokers", "Cigarettes are a no", "Must love dogs". */
function applyBareName(side: Side, impliedStances: Map<string, 1 | -1>, text: string): void {
  const named = text.replace(POST_NEGATION, " ").replace(/^\W*(?:and|also|so|or)?\s*no\b/i, " ");
  const rulesOut = !(REQUIRE.test(named) && !CUE.test(named));
  applyRule(side, impliedStances, topicsIn(readClause(named)), rulesOut, text);
}

function applyRule(
  side: Side,
  impliedStances: Map<string, 1 | -1>,
  named: Map<string, 1 | -1>,
  rulesOut: boolean,
  /** The words the rule was read from, for its degree ("heavy drinking"). */
  text: string,
): void {
  for (const [topic, polarity] of named) {
    // What is ruled out is the opposite of what the person stands for; what is required, the same.
    const stance = (rulesOut ? -polarity : polarity) as 1 | -1;
    if (TOPICS[topic]?.kind === "stance") {
      if (!impliedStances.has(topic)) impliedStances.set(topic, stance);
    } else if (stance === -1) {
      side.rulesOut.set(topic, { heavyOnly: INTENSITY.test(text) });
    } else {
      side.requires.add(topic);
    }
  }
}

function breaks(holder: Side, other: Side): boolean {
  for (const topic of holder.rules) {
    if (TOPICS[topic]?.kind === "stance") {
      const mine = holder.stances.get(topic);
      const theirs = other.stances.get(topic);
      if (mine !== undefined && theirs !== undefined && mine !== theirs) return true;
      continue;
    }
    const ruledOut = holder.rulesOut.get(topic);
    const narrower = TOPICS[topic]?.coveredBy;
    const habit = other.has.get(topic) ?? (narrower ? other.has.get(narrower) : undefined);
    if (ruledOut && habit && (!ruledOut.heavyOnly || habit.heavy)) return true;
    if (holder.requires.has(topic) && other.denies.has(topic)) return true;
  }
  return false;
}

/** Whether either person's dealbreakers rule the other out. */
export function dealbreakerConflict(a: Narrative, b: Narrative): boolean {
  const sideA = readSide(a);
  const sideB = readSide(b);
  return breaks(sideA, sideB) || breaks(sideB, sideA);
}
