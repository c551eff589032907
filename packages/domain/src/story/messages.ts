// "Your story"'s texts (ours: the product prescribes none).
import { INTRO_MAX_CHARS, type StorySection } from "./rules.ts";

export const STORY_MESSAGES = {
  storyIntro:
    "This is how Sam sees you, written from your interview. Sam uses it to find people who fit you. Candidates never read it; a moderator may, if someone reports you.",
  storyNotReady: "Sam writes your story once your interview is complete.",
  storyLoadFailed: "Your story could not be loaded. Please try again.",
  storyCorrectionFailed: "Sam could not rewrite your story. Please try again.",
  storyRewritten: "Sam rewrote this part with what you said.",
  storyCorrectionEmpty: "Please tell Sam what this part should say.",
  storyCorrectionTooLong: "Please keep it under 1,000 characters.",
  storySectionUnknown: "There is no such part of your story.",
  storySectionEmpty: "You haven't told Sam about this yet.",
  introHeading: "About me in Sam's words",
  introExplainer:
    "A few lines candidates read beside your photos, with your compatibility and what you both love. Nothing shows until you approve it, and never your dealbreakers or past relationships.",
  introEmpty: "Please write a line or two before approving.",
  introTooLong: `Please keep it to ${INTRO_MAX_CHARS} characters.`,
  introContact: "Please leave out contact details: Sam shares email addresses only when you both confirm.",
  introApproved: "Approved. Candidates now read this beside your photos.",
  introWithdrawn: "Withdrawn. Candidates see only your photos.",
  introSaveFailed: "Your introduction could not be saved. Please try again.",
  introNoDraft: "Sam has no draft for you yet: write a line or two about yourself.",
} as const;

/** What each section of the story is called, as the person reads it. */
export const STORY_SECTION_LABELS: Readonly<Record<StorySection, string>> = {
  about: "Who you are",
  goals: "What you hope for",
  bestQualities: "You at your best",
  partnerPreferences: "Who you hope to meet",
  dealbreakers: "Your dealbreakers",
  worstQualities: "What you find hard",
  contributions: "What you bring",
  pastRelationships: "Your past relationships",
};
