import type { Stage } from "@sams-web/domain/chat/stages";
import type { CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { CONCEPTS, readConcepts } from "../../../platform/text-reading/concepts.ts";

// How the scripted Sam says back what he heard, before the next question. A person notices an
// interviewer who is not listening: the same line twice, thanks for an insult, delight about
// something they said they cannot stand, or "books" picked out of a page about nursing. So:
//  - every acknowledgement is said at most once in a conversation, and when those that fit are
//    used up Sam says none;
//  - a topic is said back only from a short answer that affirms it, and only in stages where
//    what people name is something they like, value or offer;
//  - a long answer, a dealbreaker, a weakness or a past relationship each gets words of its own;
//  - an insult is answered without thanks (see isRude), an answer too short is asked again.

/** Said back about something the person likes or values, named by its topic ("hiking", "an active life"). */
export const TOPIC_ACKNOWLEDGEMENTS: readonly ((topic: string) => string)[] = [
  (topic) => `I love that you mentioned ${topic}.`,
  (topic) => `It's lovely to hear about ${topic}.`,
  (topic) => `Thank you for telling me about ${topic}.`,
  (topic) => `I can tell ${topic} matters to you.`,
];

/** Said back when no topic fits. */
export const PLAIN_ACKNOWLEDGEMENTS: readonly string[] = [
  "Thank you for sharing that.",
  "I appreciate you being so open with me.",
  "That's really helpful to know.",
  "That gives me a clearer picture.",
  "I'm glad you told me.",
  "That's good to know.",
];

/** For an answer that took a while to write. */
export const LONG_ANSWER_ACKNOWLEDGEMENTS: readonly string[] = [
  "Thank you for taking the time to tell me all of that.",
  "There's a lot in there, and I've taken it all in.",
];

/**
 * Stages whose answers are not a liking: what cannot be accepted, what is hard in oneself, what
 * ended. Their acknowledgements say that it was heard, never that it was lovely.
 */
const TENDER_ACKNOWLEDGEMENTS: Partial<Record<Stage, readonly string[]>> = {
  dealbreakers: ["That's a clear line, and I'll hold to it.", "Noted. I'll keep that firmly in mind for you."],
  worst_qualities: ["Thank you for being honest about that.", "Nobody is perfect, and it helps to know that."],
  past_relationships: ["Thank you for trusting me with that.", "I appreciate you looking back on that with me."],
};

/**
 * Stages whose answers say what a person likes, values or offers: a topic picked up from them is
 * something to be glad about. "I love that you mentioned drinking" to someone who named heavy
 * drinking as a dealbreaker is exactly wrong.
 */
const WARM_STAGES: ReadonlySet<Stage> = new Set([
  "rapport_building",
  "relationship_goals",
  "best_qualities",
  "partner_preferences",
  "contributions",
]);

/** Longer than this, an answer is about many things: one topic said back would sound like skimming. */
const TOPIC_ANSWER_MAX_CHARS = 300;
/** From this length on, an answer gets a word for the time it took. */
const LONG_ANSWER_MIN_CHARS = 600;

/** Where a topic is looked for first: what someone does and how they live read best said back. */
const TOPIC_ORDER: readonly CompatibilityDimension[] = ["interests", "lifestyle", "values", "communication", "goals"];

/**
 * A topic the answer affirms, named as a noun phrase from the matcher's vocabulary ("hiking",
 * "books", "honesty"), or null. Only affirmed topics: one in a negated clause ("I don't drink",
 * "smoking is a dealbreaker") is never said back as if it were a liking.
 */
export function pickUpTopic(answer: string): string | null {
  const { affirmed } = readConcepts(answer);
  for (const dimension of TOPIC_ORDER) {
    const concept = CONCEPTS[dimension].find((c) => affirmed[dimension].has(c.id));
    if (concept) return concept.label;
  }
  return null;
}

/** The fixed words of a topic acknowledgement, by which an earlier use of it is recognised. */
function topicMarker(template: (topic: string) => string): [string, string] {
  const [before = "", after = ""] = template("\u0000").split("\u0000");
  return [before, after];
}

function saidBefore(text: string, earlier: readonly string[]): boolean {
  return earlier.some((message) => message.includes(text));
}

function topicUsed(template: (topic: string) => string, earlier: readonly string[]): boolean {
  const [before, after] = topicMarker(template);
  return earlier.some((message) => {
    const start = message.indexOf(before);
    return start >= 0 && message.indexOf(after, start + before.length) >= 0;
  });
}

/**
 * Phrases that insult Sam or the interview, or swear at them. Said alone they are no answer, and
 * Sam does not thank anyone for them.
 */
const RUDE = [
  /\b(?:you(?:'re| are)?|u r|ur)\s+(?:so |such an? |a |an |really )?(?:stupid|idiot|idiotic|dumb|moron|useless|pathetic|annoying|creepy|worthless|joke|waste)\b/i,
  /\b(?:stupid|dumb|useless|pointless|creepy|annoying|idiotic|ridiculous)\s+(?:spider|bot|robot|app|site|question|questions|thing|interview)\b/i,
  /\b(?:shut up|stfu|screw you|piss off|bite me|go away|get lost|none of your (?:damn |fucking )?business)\b/i,
  /\bf+u+c*k+\s*(?:you|u|off|this|that)\b/i,
  /\b(?:this|that|it)(?:'s| is)\s+(?:so |really |just )?(?:stupid|dumb|useless|pointless|bullshit|crap|shit|garbage|ridiculous)\b/i,
  /\bi hate (?:you|this|these questions)\b/i,
];

/** Swear words: a message made mostly of them is no answer either. */
const SWEARING = /\b(?:fuck\w*|shit\w*|crap|damn|bitch\w*|asshole\w*|bastard|wtf|bullshit)\b/gi;

/** Whether a message insults Sam or the interview (or is mostly swearing), rather than answering. */
export function isRude(text: string): boolean {
  if (RUDE.some((pattern) => pattern.test(text))) return true;
  const words = text.match(/[\p{L}']+/gu) ?? [];
  const swears = text.match(SWEARING) ?? [];
  return swears.length > 0 && swears.length * 3 >= words.length;
}

/** What Sam says to an insult instead of thanks: no offence taken, and the question again. */
export const RUDE_ANSWER_REPLY =
  "I hear you, and I'm sorry if this feels like a lot. I ask so I can find someone who really fits you.";

/**
 * How Sam acknowledges `answer` in `stage`, never repeating anything in `earlier` (Sam's earlier
 * messages in this conversation), or null when nothing unused fits.
 */
export function acknowledgementFor(stage: Stage, answer: string, earlier: readonly string[]): string | null {
  const unused = (lines: readonly string[] | undefined) => lines?.find((line) => !saidBefore(line, earlier)) ?? null;
  const clean = answer.replaceAll(/\s+/g, " ").trim();
  if (clean.length >= LONG_ANSWER_MIN_CHARS) {
    const long = unused(LONG_ANSWER_ACKNOWLEDGEMENTS);
    if (long) return long;
  }
  const tender = TENDER_ACKNOWLEDGEMENTS[stage];
  if (tender) return unused(tender) ?? unused(PLAIN_ACKNOWLEDGEMENTS);
  const topic = WARM_STAGES.has(stage) && clean.length <= TOPIC_ANSWER_MAX_CHARS ? pickUpTopic(clean) : null;
  if (topic) {
    const template = TOPIC_ACKNOWLEDGEMENTS.find((t) => !topicUsed(t, earlier));
    if (template) return template(topic);
  }
  return unused(PLAIN_ACKNOWLEDGEMENTS);
}
