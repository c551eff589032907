// "Your story": the narrative Sam writes about a person, shown to that person, corrected by them,
// and the short introduction they may approve for candidates to read. Free of zod.

/** The narrative's sections, in the order the page shows them (the server's narrative fields). */
export const STORY_SECTIONS = [
  "about",
  "goals",
  "bestQualities",
  "partnerPreferences",
  "dealbreakers",
  "worstQualities",
  "contributions",
  "pastRelationships",
] as const;
export type StorySection = (typeof STORY_SECTIONS)[number];

export function isStorySection(value: unknown): value is StorySection {
  return typeof value === "string" && (STORY_SECTIONS as readonly string[]).includes(value);
}

/** The longest correction of one section. */
export const STORY_CORRECTION_MAX_CHARS = 1_000;
/** Corrections a person may send in an hour: each one rewrites the whole narrative. */
export const STORY_CORRECTIONS_PER_HOUR = 20;
/** The longest introduction candidates may read. */
export const INTRO_MAX_CHARS = 280;

/**
 * The sections an introduction is drafted from: what a person likes, values, hopes for and
 * brings. Never their dealbreakers, what they find hard in themselves or their past relationships.
 */
export const INTRO_SOURCE_SECTIONS: readonly StorySection[] = ["about", "goals", "bestQualities", "contributions"];

/** Contact details a candidate must not learn before both confirm: an email address, a phone number, a link. */
const CONTACT = [
  /[^\s@]+@[^\s@]+\.[a-z]{2,}/i,
  /(?:\+?\d[\s().-]*){7,}/,
  /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|me|co|app|link)\b/i,
  /\b(?:instagram|insta|snapchat|snap|whatsapp|telegram|tiktok|facebook)\b/i,
];

/** Whether a text would hand out a way to reach its writer. */
export function hasContactDetails(text: string): boolean {
  return CONTACT.some((pattern) => pattern.test(text));
}

/** An introduction as it is kept: trimmed, spaces folded, angle brackets and ampersands removed. */
export function cleanIntro(text: string): string {
  return text.replaceAll(/[<>&]/g, "").replaceAll(/\s+/g, " ").trim();
}

/** The message code of what is wrong with an introduction, or null when it may be approved. */
export function introProblem(text: string): "introEmpty" | "introTooLong" | "introContact" | null {
  const clean = cleanIntro(text);
  if (clean === "") return "introEmpty";
  if (clean.length > INTRO_MAX_CHARS) return "introTooLong";
  if (hasContactDetails(clean)) return "introContact";
  return null;
}
