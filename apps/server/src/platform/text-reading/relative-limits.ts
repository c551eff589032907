// Limits said relative to the person themselves: "nobody more than five years older than me",
// "someone around my age, give or take three years", "he has to be taller than me, and I'm five
// foot ten". No word list can ask about these without the asker's own age or height; they are
// comparisons, so they are read as one: a range of differences (the other's value minus the
// person's own) that the other must fall in. Ages come from birthdays; heights from what each
// person says of themselves ("At five foot six I'm ...", "I'm 198 cm").

import { straightQuotes } from "./text.ts";

export type Measure = "age" | "height";

/** What the other may be, as a difference from the person's own value (years or centimetres). */
export interface RelativeLimit {
  measure: Measure;
  /** Smallest allowed difference (other − own), if any. */
  min?: number;
  /** Largest allowed difference (other − own), if any. */
  max?: number;
  /** The person's own height in centimetres, when the limit's own words say it. */
  ownHeight?: number;
  /** Whether the person gave heights in feet and inches (questions then use them too). */
  imperial?: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  "a couple of": 2,
  "a few": 3,
  "a decade": 10,
  "half a decade": 5,
  "two decades": 20,
};
const NUMBER = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|")})`;

function numberOf(said: string): number {
  const lower = said.toLowerCase();
  return NUMBER_WORDS[lower] ?? Number.parseInt(lower, 10);
}

const ME = String.raw`(?:me|i\s+am|i'm|myself|mine|i\s+do)`;
const MORE_THAN = String.raw`(?:more\s+than|over|upwards\s+of|beyond)`;
/** "more than five years older than me", "over a decade younger than me", "twenty years older than me". */
const AGE_GAP = new RegExp(
  String.raw`\b(${MORE_THAN}\s+)?${NUMBER}\s+(?:years?|yrs?)?\s*(older|younger)\s+than\s+${ME}\b`,
  "i",
);
/** "older than me", "anyone younger than I am". */
const AGE_SIDE = new RegExp(String.raw`\b(older|younger)\s+than\s+${ME}\b`, "i");
/** "within five years of my age", "give or take three years", "eight years either side of my age". */
const AGE_BAND = new RegExp(
  String.raw`\b(?:within\s+${NUMBER}\s+years?|give\s+or\s+take\s+${NUMBER}\s+years?|plus\s+or\s+minus\s+${NUMBER}\s+years?|${NUMBER}\s+years?\s+(?:either|each)\s+side|${MORE_THAN}\s+${NUMBER}\s+years?\s+(?:apart|between\s+us|either\s+side|each\s+side|(?:from|off)\s+my\s+age)|age\s+(?:gap|difference)\s+(?:of\s+)?${MORE_THAN}\s+${NUMBER}(?:\s+years?)?)`,
  "i",
);
const HEIGHT_SIDE = new RegExp(String.raw`\b(taller|shorter)\s+than\s+${ME}\b`, "i");
/** "I want to look up, not down, at my partner": taller, said as where one looks. */
const LOOK_UP = /\blook\s+(up|down)(?:\s*,?\s*not\s+(?:up|down)\s*,?)?\s+(?:at|to)\b/i;
/** Words that refuse what the comparison names, when they come before it ("nobody older than me"). */
const REFUSES =
  /\b(?:no|not|nobody|none|never|no\s+one|without|neither|nor|won't|wouldn't|can't|cannot|couldn't|don't|doesn't|isn't|aren't|shouldn't|mustn't)\b|n't\b/i;
/** A refusal said after the comparison: "Shorter than me is honestly a dealbreaker", "older than me won't work". */
const REFUSED_AFTER =
  /^\W*(?:(?:is|are|'s|would\s+be|will\s+be)\s+(?:(?:honestly|just|really|simply|always|sadly|kind\s+of|a\s+bit\s+of)\s+)*(?:an?\s+)?(?:(?:absolute|hard|firm|total|instant|big|real)\s+)?(?:no\b|no-go|non-starter|nonstarter|deal\s*-?\s*breaker|turn-?off|pass\b|red\s+flag|not\s+for\s+me|out\b|off\s+the\s+table|never\b)|(?:(?:just|simply|really)\s+)?(?:won't|wouldn't|doesn't|can't)\s+work)/i;
/**
 * "Anyone twenty years older than me" opens a dealbreaker with whom it refuses, like "Smokers." does;
 * "someone older than me" may be a wish, so only "any" refuses with no other word.
 */
const ANYONE_FIRST =
  /^\s*(?:(?:honestly|seriously|sorry|also|and|but|oh),?\s+)*any(?:one|body|\s+(?:man|woman|guy|girl|partner|person))\b/i;

/** NUMBER_WORDS' single words from `low` to `high`: a height says "five foot ten", never "a few". */
function numberWordsFrom(low: number, high: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(NUMBER_WORDS).filter(([word, value]) => !word.includes(" ") && value >= low && value <= high),
  );
}
const FEET_WORDS = numberWordsFrom(4, 7);
const INCH_WORDS = numberWordsFrom(1, 11);
const HEIGHT = String.raw`(?:([4-7])\s*(?:'|ft|foot|feet)\s*(\d{1,2})?\s*(?:"|''|in\b|inches\b)?|(${Object.keys(FEET_WORDS).join("|")})\s+(?:foot|feet)(?:\s+(${Object.keys(INCH_WORDS).join("|")}|\d{1,2}))?|(1\d\d|2[0-2]\d)\s*(?:cm|centimet(?:re|er)s?)\b|([12])[.,](\d\d)\s*(?:m|metres?|meters?)\b)`;
/** A height said of oneself: "I'm five foot ten", "At 5'6\" I'm ...", "I stand 198 cm". */
const OWN_HEIGHT = new RegExp(
  String.raw`\b(?:i'm|i\s+am|at|i\s+stand|standing|i\s+measure|i'm\s+only|i'm\s+just|i\s+am\s+only)\s+(?:a\s+)?(?:mere\s+)?${HEIGHT}`,
  "i",
);

/** A height expression's value in centimetres, and whether it was said in feet. */
function heightFrom(match: RegExpExecArray): { cm: number; imperial: boolean } | null {
  const [, feet, inches, feetWord, inchWord, cm, metres, fraction] = match;
  if (feet || feetWord) {
    const ft = feet ? Number(feet) : (FEET_WORDS[(feetWord ?? "").toLowerCase()] ?? 0);
    const inchSaid = inches ?? inchWord;
    const inch = inchSaid ? (INCH_WORDS[inchSaid.toLowerCase()] ?? Number(inchSaid)) : 0;
    if (inch > 11) return null;
    return { cm: Math.round((ft * 12 + inch) * 2.54), imperial: true };
  }
  if (cm) return { cm: Number(cm), imperial: false };
  if (metres && fraction) return { cm: Number(metres) * 100 + Number(fraction), imperial: false };
  return null;
}

/** The height a person gives for themselves in their own words, in centimetres, or null. */
export function ownHeightIn(text: string): { cm: number; imperial: boolean } | null {
  const said = OWN_HEIGHT.exec(straightQuotes(text));
  return said ? heightFrom(said) : null;
}

/** The sentence without the person's own height ("I'm 5'11 and shorter than me ..." → "shorter than me ..."), for its label. */
export function withoutOwnHeight(sentence: string): string {
  const text = straightQuotes(sentence);
  const said = OWN_HEIGHT.exec(text);
  if (!said) return sentence;
  const rest = text.slice(said.index + said[0].length).replace(/^\W*(?:(?:and|so|but)\b\W*)?/i, "");
  return `${text.slice(0, said.index)}${rest}`;
}

/**
 * A limit relative to the person in one sentence of their dealbreakers, or null. A comparison is
 * refused when a word of refusal comes before it ("nobody older than me") or a refusal is said of it
 * after ("shorter than me is a dealbreaker"), else required ("he has to be taller than me").
 */
export function readRelativeLimit(sentence: string): RelativeLimit | null {
  const text = straightQuotes(sentence);
  const refused = (match: RegExpExecArray) =>
    REFUSES.test(text.slice(0, match.index)) ||
    ANYONE_FIRST.test(text) ||
    REFUSED_AFTER.test(text.slice(match.index + match[0].length));
  const band = AGE_BAND.exec(text);
  if (band) {
    const said = band.slice(1).find((group) => group !== undefined);
    if (said !== undefined) {
      const years = numberOf(said);
      return { measure: "age", min: -years, max: years };
    }
  }
  const gap = AGE_GAP.exec(text);
  if (gap) {
    // "More than five years" leaves five allowed; "twenty years older" refuses twenty and more.
    const allowed = numberOf(gap[2] ?? "") - (gap[1] ? 0 : 1);
    const older = (gap[3] ?? "").toLowerCase() === "older";
    // Refused: "nobody more than five years older than me"; required: "someone more than ten years older".
    if (refused(gap)) return older ? { measure: "age", max: allowed } : { measure: "age", min: -allowed };
    return older ? { measure: "age", min: allowed + 1 } : { measure: "age", max: -allowed - 1 };
  }
  const side = AGE_SIDE.exec(text);
  if (side) {
    const older = (side[1] ?? "").toLowerCase() === "older";
    if (refused(side)) return older ? { measure: "age", max: 0 } : { measure: "age", min: 0 };
    return older ? { measure: "age", min: 1 } : { measure: "age", max: -1 };
  }
  const compared = HEIGHT_SIDE.exec(text);
  const looked = compared ? null : LOOK_UP.exec(text);
  const height = compared ?? looked;
  if (height) {
    const own = ownHeightIn(text);
    const word = (height[1] ?? "").toLowerCase();
    const taller = word === "taller" || word === "up";
    const limit: RelativeLimit = refused(height)
      ? taller
        ? { measure: "height", max: 0 }
        : { measure: "height", min: 0 }
      : taller
        ? { measure: "height", min: 1 }
        : { measure: "height", max: -1 };
    return own ? { ...limit, ownHeight: own.cm, imperial: own.imperial } : limit;
  }
  return null;
}

/** Whether `other` breaks the limit, given the person's own value. */
export function breaksRelativeLimit(limit: RelativeLimit, own: number, other: number): boolean {
  const difference = other - own;
  return (limit.min !== undefined && difference < limit.min) || (limit.max !== undefined && difference > limit.max);
}

/** The absolute bounds the other must keep to: the limit's range moved to the person's own value. */
export function boundsOf(limit: RelativeLimit, own: number): { min?: number; max?: number } {
  return {
    ...(limit.min !== undefined ? { min: own + limit.min } : {}),
    ...(limit.max !== undefined ? { max: own + limit.max } : {}),
  };
}
