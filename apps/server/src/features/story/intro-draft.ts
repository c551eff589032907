import type { CompatibilityDimension } from "@sams-web/domain/matching/rules";
import { INTRO_MAX_CHARS } from "@sams-web/domain/story/rules";
import { CONCEPTS, readConcepts } from "../../platform/text-reading/concepts.ts";
import type { Narrative } from "../matching/narrative/narrative.ts";

// Sam's draft of "About me in Sam's words": a few short sentences in Sam's own words, built from
// fixed templates and the matcher's vocabulary, from what the person likes, values, hopes for
// and brings. Never from their dealbreakers, what they find hard in themselves or their past
// relationships, and never a phrase of their own: the person reads it, edits it and approves it
// before any candidate can.

/** How goals read after "Hopes for …". */
const GOAL_WORDS: Readonly<Record<string, string>> = {
  marriage: "marriage",
  children: "children",
  commitment: "something lasting",
  casual: "something light",
  home: "a home together",
};

/** How what someone brings reads after "Brings …". */
const COMMUNICATION_WORDS: Readonly<Record<string, string>> = {
  listening: "a listening ear",
  conversation: "good conversation",
  humor: "humor",
  patience: "patience",
  support: "support",
};

/** At most this many things named per sentence. */
const PER_SENTENCE = 3;

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function affirmedLabels(
  text: string,
  dimension: CompatibilityDimension,
  words?: Readonly<Record<string, string>>,
): string[] {
  const affirmed = readConcepts(text).affirmed[dimension];
  return CONCEPTS[dimension]
    .filter((c) => affirmed.has(c.id))
    .map((c) => (words ? words[c.id] : c.label))
    .filter((label): label is string => Boolean(label))
    .slice(0, PER_SENTENCE);
}

/** Sam's draft introduction, or "" when the narrative names nothing Sam can say. */
export function draftIntro(narrative: Narrative): string {
  const self = `${narrative.about} ${narrative.bestQualities} ${narrative.contributions}`;
  const loves = affirmedLabels(`${narrative.about} ${narrative.contributions}`, "interests");
  const values = affirmedLabels(self, "values");
  const hopes = affirmedLabels(narrative.goals, "goals", GOAL_WORDS);
  const brings = affirmedLabels(
    `${narrative.bestQualities} ${narrative.contributions}`,
    "communication",
    COMMUNICATION_WORDS,
  );
  const sentences = [
    loves.length > 0 ? `Loves ${listed(loves)}.` : null,
    values.length > 0 ? `Values ${listed(values)}.` : null,
    brings.length > 0 ? `Brings ${listed(brings)} to a relationship.` : null,
    hopes.length > 0 ? `Hopes for ${listed(hopes)}.` : null,
  ].filter((sentence): sentence is string => sentence !== null);
  let draft = "";
  for (const sentence of sentences) {
    const next = draft === "" ? sentence : `${draft} ${sentence}`;
    if (next.length > INTRO_MAX_CHARS) break;
    draft = next;
  }
  return draft;
}
