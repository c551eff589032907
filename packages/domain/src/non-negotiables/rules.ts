// A person's non-negotiables: what they say of themselves with a tap (facts), and what they
// cannot accept in a partner (limits). Limits hold both ways and are hard: the preliminary match
// never pairs two people when either one's facts break the other's limits. Free of zod: the chat
// and the settings page import it; schemas.ts holds the schemas.

import type { ChatMessage } from "../chat/contracts.ts";
import type { FactKey, Facts, FactTopic, FactValue, LimitId, ReadingItem } from "./contracts.ts";
import { NON_NEGOTIABLES_MESSAGES } from "./messages.ts";

/** The questions about oneself, in the order Sam asks them, each with its answers. */
export const FACT_OPTIONS = {
  smoking: ["no", "sometimes", "daily"],
  drinking: ["never", "socially", "often"],
  drugs: ["never", "cannabis", "other"],
  hasChildren: ["no", "yes"],
  wantsChildren: ["yes", "no", "unsure"],
  wantsMarriage: ["yes", "no", "unsure"],
  faith: ["none", "spiritual", "christian", "jewish", "muslim", "hindu", "buddhist", "other"],
  faithImportance: ["high", "some", "low"],
  politics: ["liberal", "moderate", "conservative", "apolitical", "other"],
  politicsImportance: ["high", "some", "low"],
  pets: ["dogs", "cats", "both", "none"],
  allergies: ["dogs", "cats", "both", "none"],
  relationshipStatus: ["single", "separated", "divorced", "widowed", "married"],
  longDistance: ["yes", "no"],
  relocate: ["yes", "no"],
} as const satisfies { readonly [K in FactKey]: readonly FactValue<K>[] };

export const FACT_KEYS = Object.keys(FACT_OPTIONS) as FactKey[];

/** A faith that is a religion (not none, not spiritual): what "a different faith" compares. */
export const RELIGIONS = ["christian", "jewish", "muslim", "hindu", "buddhist", "other"] as const;

/**
 * What a person cannot accept in a partner, each the partner's answers it refuses. A limit about
 * a topic the partner left unanswered (skipped, or "prefer not to say") refuses nothing by itself:
 * Sam asks the partner about it before anyone sees photos.
 */
export const LIMITS = {
  smokingAny: { topic: "smoking", refuses: ["sometimes", "daily"] },
  smokingDaily: { topic: "smoking", refuses: ["daily"] },
  drinkingAny: { topic: "drinking", refuses: ["socially", "often"] },
  drinkingHeavy: { topic: "drinking", refuses: ["often"] },
  cannabis: { topic: "drugs", refuses: ["cannabis", "other"] },
  otherDrugs: { topic: "drugs", refuses: ["other"] },
  hasChildren: { topic: "hasChildren", refuses: ["yes"] },
  wantsChildren: { topic: "wantsChildren", refuses: ["yes"] },
  noChildrenWanted: { topic: "wantsChildren", refuses: ["no"] },
  wantsMarriage: { topic: "wantsMarriage", refuses: ["yes"] },
  noMarriageWanted: { topic: "wantsMarriage", refuses: ["no"] },
  noFaith: { topic: "faith", refuses: ["none"] },
  religious: { topic: "faith", refuses: RELIGIONS },
  /** Every religion but one's own; nothing when one's own faith is not a religion. */
  differentFaith: { topic: "faith", refuses: RELIGIONS },
  liberal: { topic: "politics", refuses: ["liberal"] },
  conservative: { topic: "politics", refuses: ["conservative"] },
  dogs: { topic: "pets", refuses: ["dogs", "both"] },
  cats: { topic: "pets", refuses: ["cats", "both"] },
  married: { topic: "relationshipStatus", refuses: ["married"] },
  separated: { topic: "relationshipStatus", refuses: ["separated"] },
} as const satisfies Record<LimitId, { topic: FactKey; refuses: readonly string[] }>;

export const LIMIT_IDS = Object.keys(LIMITS) as LimitId[];

/** The questions that qualify an answer ("how much does faith matter"), each with the one it qualifies. */
const QUALIFIES: Partial<Record<FactKey, FactKey>> = { faithImportance: "faith", politicsImportance: "politics" };

/**
 * Whether a question is asked of a person with these answers: how much faith or politics matter
 * only after an answer about them, never after "prefer not to say" or no answer. The chat's quick
 * questions and Settings ask the same.
 */
export function factAsked(key: FactKey, facts: Facts): boolean {
  const qualified = QUALIFIES[key];
  return qualified === undefined || facts[qualified] != null;
}

/**
 * The topics the questions and limits are grouped by in Settings, each with its questions in
 * order; a limit belongs to the topic of the answer it refuses.
 */
export const FACT_TOPICS = {
  smoking: ["smoking"],
  drinking: ["drinking"],
  drugs: ["drugs"],
  children: ["hasChildren", "wantsChildren"],
  marriage: ["wantsMarriage", "relationshipStatus"],
  faith: ["faith", "faithImportance"],
  politics: ["politics", "politicsImportance"],
  pets: ["pets", "allergies"],
  distance: ["longDistance", "relocate"],
} as const satisfies Record<FactTopic, readonly FactKey[]>;
export const FACT_TOPIC_IDS = Object.keys(FACT_TOPICS) as FactTopic[];

/** The limits of one topic, in their usual order. */
export function topicLimits(topic: FactTopic): LimitId[] {
  const keys: readonly FactKey[] = FACT_TOPICS[topic];
  return LIMIT_IDS.filter((limit) => keys.includes(LIMITS[limit].topic));
}

/**
 * Two people farther apart than this make a long-distance relationship: refused when either is
 * not open to one and neither is open to moving. (A search never reaches past either radius.)
 */
export const LONG_DISTANCE_MILES = 100;

/** Whether `value` is one of the answers to `key`. */
export function isFactValue<K extends FactKey>(key: K, value: unknown): value is FactValue<K> {
  return (FACT_OPTIONS[key] as readonly unknown[]).includes(value);
}

/** The partner answers a limit refuses, for a person with these facts (a different faith depends on theirs). */
export function refusedValues(limit: LimitId, own: Facts): readonly string[] {
  if (limit !== "differentFaith") return LIMITS[limit].refuses;
  const mine = own.faith;
  return mine && (RELIGIONS as readonly string[]).includes(mine) ? RELIGIONS.filter((r) => r !== mine) : [];
}

/** Whether a limit can mean anything for a person with these facts ("a different faith" needs one of one's own). */
export function limitApplies(limit: LimitId, own: Facts): boolean {
  return refusedValues(limit, own).length > 0;
}

/** The animals a person's allergy rules out of their home: dogs, cats, both or none. */
export function allergicAnimals(facts: Facts): ("dogs" | "cats")[] {
  const { allergies } = facts;
  return [
    ...(allergies === "dogs" || allergies === "both" ? (["dogs"] as const) : []),
    ...(allergies === "cats" || allergies === "both" ? (["cats"] as const) : []),
  ];
}

/** The limit of `holder` that `other`'s answers break, or null. */
export function brokenLimit(holder: Facts, other: Facts): LimitId | null {
  for (const limit of holder.limits ?? []) {
    const { topic } = LIMITS[limit];
    const theirs = other[topic];
    if (theirs != null && refusedValues(limit, holder).includes(theirs)) return limit;
  }
  return null;
}

/** Whether two people this far apart are refused as a long-distance pair by their answers. */
export function distanceRefused(a: Facts, b: Facts, miles: number): boolean {
  if (miles <= LONG_DISTANCE_MILES) return false;
  const notOpen = a.longDistance === "no" || b.longDistance === "no";
  const wouldMove = a.relocate === "yes" || b.relocate === "yes";
  return notOpen && !wouldMove;
}

/**
 * Whether two people's answers rule the pair out, both ways: either one's limits refuse the
 * other's answers, or (when the distance is known) they live too far apart for them.
 */
export function factsClash(a: Facts, b: Facts, miles?: number): boolean {
  if (brokenLimit(a, b) !== null || brokenLimit(b, a) !== null) return true;
  return miles !== undefined && distanceRefused(a, b, miles);
}

/** The limits of a person whose topic the other left unanswered: Sam asks the other about each. */
export function unsettledLimits(holder: Facts, other: Facts): LimitId[] {
  return (holder.limits ?? []).filter((limit) => limitApplies(limit, holder) && other[LIMITS[limit].topic] == null);
}

// ── The same rule as bits, for the database ─────────────────────────────────────────────────
// The preliminary match applies the rule above in SQL on two bit sets per person: the answers
// they gave (one bit per answer) and the answers their limits refuse. A pair clashes when either
// one's refused set meets the other's answers. Bits are positions in this list: append only,
// never reorder (stored rows keep their bits; the database's long-distance bits are named too).

export const FACT_BITS: readonly (readonly [FactKey, string])[] = [
  ...(["smoking", "drinking", "drugs", "hasChildren", "wantsChildren", "faith", "politics", "pets"] as const).flatMap(
    (key) => FACT_OPTIONS[key].map((value) => [key, value] as const),
  ),
  ...FACT_OPTIONS.relationshipStatus.map((value) => ["relationshipStatus", value] as const),
  ["longDistance", "no"],
  ["relocate", "yes"],
  ...FACT_OPTIONS.wantsMarriage.map((value) => ["wantsMarriage", value] as const),
];

const BIT_OF = new Map(FACT_BITS.map(([key, value], index) => [`${key}:${value}`, 1n << BigInt(index)]));

function bitOf(key: FactKey, value: string): bigint | null {
  return BIT_OF.get(`${key}:${value}`) ?? null;
}

/** Bit of "not open to long distance" and of "open to moving", which the database reads by name. */
export const NO_LONG_DISTANCE_BIT = bitOf("longDistance", "no") as bigint;
export const RELOCATE_BIT = bitOf("relocate", "yes") as bigint;

/** The bits of a person's answers. */
export function factBits(facts: Facts): bigint {
  let bits = 0n;
  for (const key of Object.keys(FACT_OPTIONS) as FactKey[]) {
    const value = facts[key];
    if (value == null) continue;
    bits |= bitOf(key, value) ?? 0n;
  }
  return bits;
}

/** The bits of every partner answer a person's limits refuse. */
export function refusedBits(facts: Facts): bigint {
  let bits = 0n;
  for (const limit of facts.limits ?? []) {
    for (const value of refusedValues(limit, facts)) bits |= bitOf(LIMITS[limit].topic, value) ?? 0n;
  }
  return bits;
}

// ── Asking and reading back ─────────────────────────────────────────────────────────────────

/** How many items one reading keeps at most (a long answer is read, not recited). */
export const READING_MAX_ITEMS = 12;
/** Longest label and question an item may carry (characters). */
export const READING_LABEL_MAX_CHARS = 120;
export const READING_QUESTION_MAX_CHARS = 200;

/**
 * A question to one person must never quote another: no run of this many words in a row from
 * the other person's interview.
 */
export const QUOTE_RUN_WORDS = 6;

function wordList(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

/** Whether `text` repeats `run` or more words in a row of `source`. */
export function sharesWordRun(text: string, source: string, run = QUOTE_RUN_WORDS): boolean {
  const mine = wordList(text);
  if (mine.length < run) return false;
  const theirs = wordList(source);
  const runs = new Set<string>();
  for (let i = 0; i + run <= theirs.length; i++) runs.add(theirs.slice(i, i + run).join(" "));
  for (let i = 0; i + run <= mine.length; i++) if (runs.has(mine.slice(i, i + run).join(" "))) return true;
  return false;
}

/** The limits a reading adds to the tapped ones, without those the person took out. */
export function confirmedLimits(facts: Facts, items: readonly ReadingItem[]): LimitId[] {
  const limits = new Set(facts.limits ?? []);
  for (const item of items) if (item.kind === "limit") limits.add(item.limit);
  return [...limits];
}

// ── Where the dealbreakers stage stands ─────────────────────────────────────────────────────

/**
 * The dealbreakers stage, after its opener: the free answer first; once Sam has introduced the
 * quick questions, their turn ("taps"); once Sam has read back what he understood, the person's
 * confirmation or correction ("readBack"). Read from Sam's own lines in the stage's turns, so a
 * guest's history (whose replies the server signed) says it as well as a stored one.
 */
export type DealbreakerStep = "free" | "taps" | "readBack";

export function dealbreakerStep(stageTurns: readonly ChatMessage[]): DealbreakerStep {
  let step: DealbreakerStep = "free";
  for (const turn of stageTurns) {
    if (turn.sender !== "bot") continue;
    if (turn.text.startsWith(NON_NEGOTIABLES_MESSAGES.readBackIntro)) step = "readBack";
    else if (turn.text.endsWith(NON_NEGOTIABLES_MESSAGES.tapsIntro)) step = "taps";
  }
  return step;
}
