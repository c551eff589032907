import type { Facts, LimitId, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import {
  LIMIT_QUESTIONS,
  relativeLimitQuestion,
  WIDER_TOPIC_QUESTIONS,
} from "@sams-web/domain/non-negotiables/messages";
import {
  allergicAnimals,
  brokenLimit,
  confirmedLimits,
  LIMITS,
  RELIGIONS,
} from "@sams-web/domain/non-negotiables/rules";
import { readDealbreakers } from "../../../platform/text-reading/dealbreaker-reading.ts";
import {
  type ClauseRules,
  isStanceTopic,
  narrowerHabit,
  readRuleClause,
  readSelf,
  type SelfReading,
  type TopicName,
  topicsIn,
} from "../../../platform/text-reading/dealbreaker-topics.ts";
import { statusesIn } from "../../../platform/text-reading/relationship-status.ts";
import {
  boundsOf,
  breaksRelativeLimit,
  ownHeightIn,
  type RelativeLimit,
  readRelativeLimit,
} from "../../../platform/text-reading/relative-limits.ts";
import { readClause } from "../../../platform/text-reading/text.ts";
import type { Narrative } from "../narrative/narrative.ts";
import { selfText } from "./scorer.ts";

// Dealbreakers are hard limits, applied by code whatever the scorer said, both ways. What one
// person cannot accept comes from their quick questions' limits and from their reading (what Sam
// read from their own words and they confirmed); what the other person is comes from their quick
// questions' answers, else from what they say of themselves. Three outcomes per limit:
//  - broken by what both confirmed (the holder's limit, tapped or read back, against the other's
//    quick answers or age): the pair ends, before any scorer is asked;
//  - settled and kept: nothing to do;
//  - unsettled (the other never said), or broken only by what Sam read from the other's words:
//    Sam asks the other a neutral yes/no question about it, and the answer that breaks the limit
//    ends the pair before anyone sees photos.
// A reading never confirmed refuses nothing, whoever's it is: the holder's unconfirmed limits are
// only asked about, and so is what Sam reads from the other's own words ("I come home smelling
// of oak smoke" is no smoker), which nobody reads back to them.

/** One person as the matcher judges them. */
export interface MatchPerson {
  narrative: Narrative;
  facts: Facts;
  /** What Sam read from their dealbreakers, item by item. */
  reading: ReadingItem[];
  /** Whether they confirmed that reading (Sam read it back); if not, it only asks. */
  readingConfirmed: boolean;
  /** Their age from their birthday, for limits said relative to age ("nobody ten years younger"). */
  age?: number | null;
}

/** A question that can end a pair: asked of one person, and the answer that ends it. */
export interface DealbreakerQuestion {
  question: string;
  endsOn: "yes" | "no";
}

export interface LimitCheck {
  /** A limit broken by what both confirmed: the pair ends. */
  conflict: boolean;
  /** A limit the other's own words seem to break: asked about (its question is among `questions`), never refused on. */
  brokenByWords: boolean;
  /** Questions for the other person, about limits their interview and answers leave open. */
  questions: DealbreakerQuestion[];
}

/** A person whose dealbreakers are read from their narrative and taken as confirmed (evaluation, tests). */
export function readPerson(
  narrative: Narrative,
  facts: Facts = {},
  dealbreakers = narrative.dealbreakers,
  age: number | null = null,
): MatchPerson {
  return {
    narrative,
    facts,
    reading: readDealbreakers(dealbreakers, { facts, selfText: selfText(narrative), age }),
    readingConfirmed: true,
    age,
  };
}

/**
 * An age or height limit relative to the holder, against the other: whether it is broken (null
 * while the other's value is unknown: ages come from birthdays, heights as each says them), and
 * the question that settles it, in plain numbers. Null when the holder's own value is unknown:
 * nothing to compare with, nothing to ask.
 */
function relativeCheck(
  limit: RelativeLimit,
  holder: MatchPerson,
  other: MatchPerson,
): { broken: boolean | null; question: DealbreakerQuestion } | null {
  const ownHeight = ownHeightIn(selfText(holder.narrative));
  const own = limit.measure === "age" ? holder.age : (limit.ownHeight ?? ownHeight?.cm);
  if (own == null) return null;
  const theirs = limit.measure === "age" ? other.age : ownHeightIn(selfText(other.narrative))?.cm;
  const imperial = limit.imperial ?? ownHeight?.imperial ?? false;
  return {
    broken: theirs == null ? null : breaksRelativeLimit(limit, own, theirs),
    question: relativeLimitQuestion(limit.measure, boundsOf(limit, own), imperial),
  };
}

/** The person's answers with the limits their confirmed reading adds. */
export function factsWithReading(person: MatchPerson): Facts {
  return person.readingConfirmed
    ? { ...person.facts, limits: confirmedLimits(person.facts, person.reading) }
    : person.facts;
}

/** Limits about where someone stands now (married, separated), which no words about marriage settle. */
const STATUS_LIMITS: ReadonlySet<LimitId> = new Set(["married", "separated"]);

/** What a tapped limit rules out, in the terms of words read from an interview. */
const LIMIT_RULES: Readonly<Partial<Record<LimitId, () => ClauseRules>>> = {
  smokingAny: () => habitRule("smoking", false),
  smokingDaily: () => habitRule("smoking", true),
  drinkingAny: () => habitRule("drinking", false),
  drinkingHeavy: () => habitRule("drinking", true),
  cannabis: () => habitRule("drugs", false),
  dogs: () => habitRule("dogs", false),
  cats: () => habitRule("cats", false),
  hasChildren: () => habitRule("stepchildren", false),
  // A stance limit: the holder's own stance is the one the other must share.
  wantsChildren: () => stanceRule("children", -1),
  noChildrenWanted: () => stanceRule("children", 1),
  wantsMarriage: () => stanceRule("marriage", -1),
  noMarriageWanted: () => stanceRule("marriage", 1),
  noFaith: () => stanceRule("religion", 1),
  religious: () => stanceRule("religion", -1),
  liberal: () => habitRule("left", false),
  conservative: () => habitRule("right", false),
};

function habitRule(topic: TopicName, heavyOnly: boolean): ClauseRules {
  return {
    named: new Set([topic]),
    rulesOut: new Map([[topic, { heavyOnly }]]),
    requires: new Set(),
    stances: new Map(),
    describedOfThem: new Set(),
  };
}

/** What a yes/no question about habits rules: a yes ends the pair (ruled out), a no does (required). */
function habitQuestionRule(topics: readonly TopicName[], endsOn: "yes" | "no"): ClauseRules {
  return {
    named: new Set(topics),
    rulesOut: new Map(endsOn === "yes" ? topics.map((topic) => [topic, { heavyOnly: false }] as const) : []),
    requires: new Set(endsOn === "no" ? topics : []),
    stances: new Map(),
    describedOfThem: new Set(),
  };
}

function stanceRule(topic: TopicName, stance: 1 | -1): ClauseRules {
  return {
    named: new Set([topic]),
    rulesOut: new Map(),
    requires: new Set(),
    stances: new Map([[topic, stance]]),
    describedOfThem: new Set(),
  };
}

/** The quick question that settles each topic, for a limit read from words; none for topics no quick question asks. */
function topicFact(topic: TopicName): keyof Facts | undefined {
  const facts: Partial<Record<TopicName, keyof Facts>> = {
    smoking: "smoking",
    tobacco: "smoking",
    drinking: "drinking",
    drugs: "drugs",
    cats: "pets",
    dogs: "pets",
    pets: "pets",
    stepchildren: "hasChildren",
    children: "wantsChildren",
    religion: "faith",
    marriage: "wantsMarriage",
    left: "politics",
    right: "politics",
  };
  return facts[topic];
}

/** Whether the other answered the quick question that settles a topic. */
function answeredBy(topic: TopicName, facts: Facts): boolean {
  const fact = topicFact(topic);
  return fact !== undefined && facts[fact] != null;
}

/**
 * What the other person is, topic by topic: their quick answers where they gave one (those win),
 * else what they say of themselves.
 */
function otherSide(other: MatchPerson, { words }: { words: boolean }): SelfReading {
  const side = readSelf(words ? selfText(other.narrative) : "");
  const { facts } = other;
  const habit = (topic: TopicName, value: "no" | "some" | "heavy" | undefined) => {
    if (value === undefined) return;
    side.has.delete(topic);
    side.denies.delete(topic);
    if (value === "no") side.denies.add(topic);
    else side.has.set(topic, { heavy: value === "heavy" });
  };
  const stance = (topic: TopicName, value: 1 | -1 | null | undefined) => {
    if (value === undefined) return;
    if (value === null) side.stances.delete(topic);
    else side.stances.set(topic, value);
  };
  if (facts.smoking) {
    habit("smoking", facts.smoking === "no" ? "no" : facts.smoking === "daily" ? "heavy" : "some");
    if (facts.smoking === "no") habit("tobacco", "no");
  }
  if (facts.drinking)
    habit("drinking", facts.drinking === "never" ? "no" : facts.drinking === "often" ? "heavy" : "some");
  if (facts.drugs) habit("drugs", facts.drugs === "never" ? "no" : "some");
  if (facts.pets) {
    habit("dogs", facts.pets === "dogs" || facts.pets === "both" ? "some" : "no");
    habit("cats", facts.pets === "cats" || facts.pets === "both" ? "some" : "no");
    habit("pets", facts.pets === "none" ? "no" : "some");
  }
  // Someone allergic to an animal keeps none at home, whatever else they answered about pets.
  for (const topic of ["dogs", "cats", "pets"] as const) if (allergicTo(topic, facts)) habit(topic, "no");
  if (facts.hasChildren) habit("stepchildren", facts.hasChildren === "yes" ? "some" : "no");
  if (facts.politics) {
    habit("left", facts.politics === "liberal" ? "some" : "no");
    habit("right", facts.politics === "conservative" ? "some" : "no");
  }
  const answer = (value: "yes" | "no" | "unsure" | null | undefined) =>
    value === "yes" ? 1 : value === "no" ? -1 : value === "unsure" ? null : undefined;
  stance("children", answer(facts.wantsChildren));
  stance("marriage", answer(facts.wantsMarriage));
  if (facts.faith) {
    stance("religion", facts.faith === "none" ? -1 : (RELIGIONS as readonly string[]).includes(facts.faith) ? 1 : null);
  }
  return side;
}

/** Whether words read from an interview settle a rule against the other, and whether they break it. */
function textVerdict(
  rules: ClauseRules,
  holderStances: ReadonlyMap<TopicName, 1 | -1>,
  other: SelfReading,
  /** A tapped limit says the holder's stance outright; words read imply it only when they say nothing else. */
  tapped = false,
): { broken: boolean; settled: boolean; brokenOn: TopicName[] } {
  const brokenOn: TopicName[] = [];
  let settled = true;
  for (const topic of rules.named) {
    if (isStanceTopic(topic)) {
      const mine = tapped ? rules.stances.get(topic) : (holderStances.get(topic) ?? rules.stances.get(topic));
      const theirs = other.stances.get(topic);
      if (mine === undefined) continue;
      if (theirs === undefined) settled = false;
      else if (mine !== theirs) brokenOn.push(topic);
      continue;
    }
    const out = rules.rulesOut.get(topic);
    const narrower = narrowerHabit(topic);
    const habit = other.has.get(topic) ?? (narrower ? other.has.get(narrower) : undefined);
    if (out) {
      if (habit && (!out.heavyOnly || habit.heavy)) brokenOn.push(topic);
      else if (!habit && !other.denies.has(topic)) settled = false;
    }
    if (rules.requires.has(topic)) {
      if (other.denies.has(topic)) brokenOn.push(topic);
      else if (!habit) settled = false;
    }
  }
  return { broken: brokenOn.length > 0, settled, brokenOn };
}

/**
 * Animals a rule asks the other to get on with ("anyone who doesn't like dogs", "must love dogs"):
 * a quick answer of no pets at home says what lives there, not what someone likes, so it settles
 * nothing and the other is asked ("Do you get along with dogs?"); an allergy to them does settle it.
 */
const LIKED_NOT_OWNED: ReadonlySet<TopicName> = new Set(["dogs", "cats", "pets"]);

function allergicTo(topic: TopicName, facts: Facts): boolean {
  const animals = allergicAnimals(facts);
  return topic === "pets" ? animals.length > 0 : (animals as TopicName[]).includes(topic);
}

/** Whether the other's quick answers settle a topic a rule requires of them. */
function answersSettle(topic: TopicName, facts: Facts): boolean {
  return !LIKED_NOT_OWNED.has(topic) || allergicTo(topic, facts);
}

function settledByAnswers(rules: ClauseRules, facts: Facts): ClauseRules {
  return { ...rules, requires: new Set([...rules.requires].filter((topic) => answersSettle(topic, facts))) };
}

/** The holder's own stances, for a topic their words name without saying which way they stand. */
function holderStances(holder: MatchPerson): Map<TopicName, 1 | -1> {
  const stances = readSelf(selfText(holder.narrative)).stances;
  const { facts } = holder;
  if (facts.wantsChildren === "yes" || facts.wantsChildren === "no")
    stances.set("children", facts.wantsChildren === "yes" ? 1 : -1);
  if (facts.wantsMarriage === "yes" || facts.wantsMarriage === "no")
    stances.set("marriage", facts.wantsMarriage === "yes" ? 1 : -1);
  if (facts.faith === "none") stances.set("religion", -1);
  else if (facts.faith && (RELIGIONS as readonly string[]).includes(facts.faith)) stances.set("religion", 1);
  return stances;
}

/** `holder`'s limits against `other`: broken, or the questions that would settle them. */
export function checkLimits(holder: MatchPerson, other: MatchPerson): LimitCheck {
  const questions = new Map<string, DealbreakerQuestion>();
  const ask = (question: DealbreakerQuestion) => questions.set(question.question, question);
  if (brokenLimit(factsWithReading(holder), other.facts) !== null)
    return { conflict: true, brokenByWords: false, questions: [] };

  const theirs = otherSide(other, { words: true });
  const theirAnswers = otherSide(other, { words: false });
  const mine = holderStances(holder);
  const limitItems = holder.reading.filter((item) => item.kind === "limit");
  // Each limit with the rules its words (or its tap) stand for.
  const limits: { limit: LimitId; rules: ClauseRules | undefined; tapped: boolean }[] = [
    ...(holder.facts.limits ?? []).map((limit) => ({ limit, rules: LIMIT_RULES[limit]?.(), tapped: true })),
    ...limitItems.map((item) => ({
      limit: item.limit,
      // Being married or separated now is no stance on marriage: it is read apart, below.
      rules: STATUS_LIMITS.has(item.limit) ? undefined : readRuleClause(item.words),
      tapped: false,
    })),
  ];
  let conflict = false;
  let brokenByWords = false;
  // Each limit left here is settled, if at all, by the other's words: a break is asked, not refused on.
  for (const { limit, rules, tapped } of limits) {
    // Their quick answer on the topic settles it (brokenLimit above has already judged it).
    if (other.facts[LIMITS[limit].topic] != null) continue;
    const topics = rules ? [...rules.named] : [];
    if (rules && topics.some((topic) => answeredBy(topic, other.facts))) continue;
    // Being married or separated now is settled by what the other says of where they stand ("I'm
    // married, but we live separate lives" breaks a married limit, "we divorced in 2019" keeps
    // it), else asked. Separated is still married in law, and married "but living separate lives"
    // is nearly separated: either leaves the other limit to a question.
    if (STATUS_LIMITS.has(limit)) {
      const said = statusesIn(selfText(other.narrative));
      const refused: readonly string[] = LIMITS[limit].refuses;
      const broken = [...said].some((status) => refused.includes(status));
      const settled = said.size > 0 && !said.has("married") && !said.has("separated");
      if (broken) brokenByWords = true;
      if (broken || !settled) ask(LIMIT_QUESTIONS[limit]);
      continue;
    }
    // A limit whose words name no topic read from interviews (politics, being married) is settled
    // only by an answer or a question.
    const verdict =
      rules && rules.named.size > 0
        ? textVerdict(rules, mine, theirs, tapped)
        : { broken: false, settled: false, brokenOn: [] };
    if (verdict.broken) brokenByWords = true;
    if (!verdict.settled || verdict.broken) ask(LIMIT_QUESTIONS[limit]);
    for (const topic of verdict.brokenOn)
      if (topic in WIDER_TOPIC_QUESTIONS) ask(WIDER_TOPIC_QUESTIONS[topic as keyof typeof WIDER_TOPIC_QUESTIONS]);
  }
  for (const item of holder.reading) {
    if (item.kind !== "ask") continue;
    const relative = readRelativeLimit(item.words);
    if (relative && item.id === `ask:${relative.measure}`) {
      const check = relativeCheck(relative, holder, other);
      if (check === null || check.broken === false) continue;
      // An age comes from a birthday; a height only from the other's words, so it is asked about.
      if (check.broken && holder.readingConfirmed && relative.measure === "age") conflict = true;
      else {
        if (check.broken) brokenByWords = true;
        ask(check.question);
      }
      continue;
    }
    // "Must love dogs" names a topic the other may have settled in words or answers.
    const rules = readRuleClause(item.words);
    if (rules.named.size > 0) {
      // Their answers settle it outright; their words only say what to ask.
      if (holder.readingConfirmed && textVerdict(settledByAnswers(rules, other.facts), mine, theirAnswers).broken) {
        conflict = true;
        continue;
      }
      const verdict = textVerdict(rules, mine, theirs);
      if (verdict.broken) brokenByWords = true;
      else if (verdict.settled) continue;
    }
    // "Is smoking part of your life?": a question about a habit the other answered in the quick
    // questions is settled by that answer, never put to them.
    const answered = [...topicsIn(readClause(item.question)).keys()].filter(
      (topic) =>
        !isStanceTopic(topic) &&
        answeredBy(topic, other.facts) &&
        (item.endsOn === "yes" || answersSettle(topic, other.facts)),
    );
    if (answered.length > 0) {
      const verdict = textVerdict(habitQuestionRule(answered, item.endsOn), mine, theirAnswers);
      if (verdict.broken && holder.readingConfirmed) conflict = true;
      if (verdict.settled || (verdict.broken && holder.readingConfirmed)) continue;
    }
    ask({ question: item.question, endsOn: item.endsOn });
  }
  return conflict
    ? { conflict: true, brokenByWords, questions: [] }
    : { conflict: false, brokenByWords, questions: [...questions.values()] };
}

/**
 * Whether either person's dealbreakers, read from their words and taken as confirmed, are broken
 * by the other: by their answers (the pair ends) or by their words (Sam asks them).
 */
export function limitsBroken(a: Narrative, b: Narrative): boolean {
  const broken = (check: LimitCheck) => check.conflict || check.brokenByWords;
  const one = readPerson(a);
  const two = readPerson(b);
  return broken(checkLimits(one, two)) || broken(checkLimits(two, one));
}
