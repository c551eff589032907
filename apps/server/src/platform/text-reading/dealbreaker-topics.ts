import { POST_NEGATION, type ReadWord, readClause, statementClauses, stem } from "./text.ts";

// The topics a dealbreaker names that the quick questions also know (smoking, drinking, children,
// faith, marriage...), read from words. Two readings:
//  - one clause of a person's dealbreakers, read as what it rules out, requires, or says of them:
//    "No smokers", "Smoking.", "cigarettes are a no", "I'd never date a smoker": ruled out;
//    "Someone who doesn't want kids": ruled out, so this person wants them;
//    "I need someone who wants children", "Must love dogs": required;
//    "I'm allergic to cats", "Religion is not for me": about themselves;
//  - what a person says of themselves, denials read as denials ("I quit smoking", "I've never
//    touched a cigarette").

/**
 * Habits are ruled out or required; stances (wanting children, faith, marriage) must agree.
 * `against` words deny the topic by themselves ("child-free", "atheist").
 */
interface Topic {
  kind: "habit" | "stance";
  words: string;
  against?: string;
  /** A narrower habit that also meets a rule about this one. */
  coveredBy?: TopicName;
}

export type TopicName =
  | "smoking"
  | "tobacco"
  | "drinking"
  | "drugs"
  | "cats"
  | "dogs"
  | "children"
  | "religion"
  | "marriage";

export const TOPICS: Readonly<Record<TopicName, Topic>> = {
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

export function isStanceTopic(topic: TopicName): boolean {
  return TOPICS[topic].kind === "stance";
}

/** Words for parents name a stance on children only when they are not someone's own parents. */
const PARENT_WORDS = new Set(["dad", "father", "mom", "mother", "parent"]);
const POSSESSIVES = new Set(["my", "our", "his", "her", "their", "your"]);
/** "Start a family", "raise a family": a family one makes is children. */
const FAMILY_MAKING = /^(start|starting|raise|raising|have|having|build|building|want|wants)$/;
/**
 * Words after which a topic is what something is about, not what is ruled out: "lying about being
 * married" is about honesty, not marriage.
 */
const ABOUT = new Set(["about", "regarding", "concerning"]);

const TOPIC_OF = new Map<string, { topic: TopicName; against: boolean }>();
for (const [topic, { words: list, against = "" }] of Object.entries(TOPICS) as [TopicName, Topic][]) {
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

/** +1 or -1 per topic a clause names, read with its negation; a topic something is "about" is not named. */
export function topicsIn(read: readonly ReadWord[]): Map<TopicName, 1 | -1> {
  const found = new Map<TopicName, 1 | -1>();
  let about = false;
  read.forEach((w, index) => {
    if (ABOUT.has(w.word)) about = true;
    if (about) return;
    const makesFamily = w.word === "family" && FAMILY_MAKING.test(read[index - 2]?.word ?? "");
    const hit = makesFamily
      ? { topic: "children" as const, against: false }
      : (TOPIC_OF.get(w.stem) ?? TOPIC_OF.get(w.word));
    if (!hit) return;
    if (PARENT_WORDS.has(w.word) && POSSESSIVES.has(read[index - 1]?.word ?? "")) return;
    const polarity = hit.against !== w.negated ? -1 : 1;
    // A denial outweighs an affirmation in the same clause ("I have kids but want no more").
    if (found.get(hit.topic) !== -1) found.set(hit.topic, polarity);
  });
  return found;
}

/** What one clause of a person's dealbreakers says. */
export interface ClauseRules {
  /** Topics the clause names at all. */
  named: Set<TopicName>;
  /** Habits ruled out (with whether only a heavy degree is), and habits required. */
  rulesOut: Map<TopicName, { heavyOnly: boolean }>;
  requires: Set<TopicName>;
  /** The stance the clause implies its author holds (+1 wants children, -1 is against faith...). */
  stances: Map<TopicName, 1 | -1>;
}

/** One clause of a person's dealbreakers, read as what it rules out, requires or says of them. */
export function readRuleClause(clause: string): ClauseRules {
  const rules: ClauseRules = { named: new Set(), rulesOut: new Map(), requires: new Set(), stances: new Map() };
  for (const topic of topicsIn(readClause(clause)).keys()) rules.named.add(topic);
  const others = OTHERS.exec(clause);
  if (others) {
    // "I'd never date a smoker" / "Someone who doesn't want kids" / "I need someone who ...".
    const before = clause.slice(0, others.index);
    const rulesOut = !(REQUIRE.test(before) && !CUE.test(before));
    const attribute = clause.slice(others.index + others[0].length);
    applyRule(rules, topicsIn(readClause(attribute)), rulesOut, attribute);
    // "Smokers or anyone who drinks": a name before the person is a bare name.
    if (!FIRST_PERSON.test(before)) applyBareName(rules, before);
  } else if (FIRST_PERSON.test(clause.replace(POST_NEGATION, " "))) {
    // "Smoking is a hard no for me" names no one: its "me" is the marker's, read as a bare name.
    // About themselves: "I'm allergic to cats" rules cats out; "I'm an atheist" is a stance.
    for (const [topic, polarity] of topicsIn(readClause(clause))) {
      if (isStanceTopic(topic)) {
        if (!rules.stances.has(topic)) rules.stances.set(topic, polarity);
      } else if (polarity === -1) {
        rules.rulesOut.set(topic, { heavyOnly: INTENSITY.test(clause) });
      }
    }
  } else {
    applyBareName(rules, clause);
  }
  // A habit the clause names but reads neither way rules nothing; a stance it names is held to
  // the person's own ("I can only marry someone who shares my faith" names marriage).
  for (const topic of rules.named) {
    if (!isStanceTopic(topic) && !rules.rulesOut.has(topic) && !rules.requires.has(topic)) rules.named.delete(topic);
  }
  return rules;
}

/** A bare name: "Smoking.", "No smokers", "Cigarettes are a no", "Must love dogs". */
function applyBareName(rules: ClauseRules, text: string): void {
  const named = text.replace(POST_NEGATION, " ").replace(/^\W*(?:and|also|so|or)?\s*no\b/i, " ");
  const rulesOut = !(REQUIRE.test(named) && !CUE.test(named));
  applyRule(rules, topicsIn(readClause(named)), rulesOut, text);
}

function applyRule(
  rules: ClauseRules,
  named: Map<TopicName, 1 | -1>,
  rulesOut: boolean,
  /** The words the rule was read from, for its degree ("heavy drinking"). */
  text: string,
): void {
  for (const [topic, polarity] of named) {
    // What is ruled out is the opposite of what the person stands for; what is required, the same.
    const stance = (rulesOut ? -polarity : polarity) as 1 | -1;
    if (isStanceTopic(topic)) {
      if (!rules.stances.has(topic)) rules.stances.set(topic, stance);
    } else if (stance === -1) {
      rules.rulesOut.set(topic, { heavyOnly: INTENSITY.test(text) });
    } else {
      rules.requires.add(topic);
    }
  }
}

/** What a person says of themselves: stances, habits they have (with whether heavily), habits they deny. */
export interface SelfReading {
  stances: Map<TopicName, 1 | -1>;
  has: Map<TopicName, { heavy: boolean }>;
  denies: Set<TopicName>;
}

export function readSelf(selfText: string): SelfReading {
  const self: SelfReading = { stances: new Map(), has: new Map(), denies: new Set() };
  for (const clause of statementClauses(selfText)) {
    for (const [topic, polarity] of topicsIn(readClause(clause))) {
      if (isStanceTopic(topic)) {
        if (self.stances.get(topic) !== -1) self.stances.set(topic, polarity);
      } else if (polarity === 1) {
        const heavy = INTENSITY.test(clause) || self.has.get(topic)?.heavy === true;
        self.has.set(topic, { heavy });
      } else {
        self.denies.add(topic);
      }
    }
  }
  return self;
}

/** The habit a rule about `topic` is also met by (a rule about tobacco is met by smoking). */
export function narrowerHabit(topic: TopicName): TopicName | undefined {
  return TOPICS[topic].coveredBy;
}
