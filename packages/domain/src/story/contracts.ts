// "Your story"'s resources, as the browser sees them. Free of zod.
import type { StorySection } from "./rules.ts";

/** The signed-in person's story: GET it; POST a correction to its `corrections`; PUT or DELETE its intro. */
export const STORY_PATH = "/api/story";
export const STORY_CORRECTIONS_PATH = "/api/story/corrections";
export const STORY_INTRO_PATH = "/api/story/intro";

export interface StorySectionView {
  section: StorySection;
  /** What Sam wrote; empty when the person said nothing about it. */
  text: string;
  /** Whether the person has corrected this section (Sam's text then follows their words). */
  corrected: boolean;
}

export interface StoryResponse {
  /** False until the interview is complete: there is no story to show yet. */
  ready: boolean;
  sections: StorySectionView[];
  intro: {
    /** Sam's suggestion, from what the person likes, values, hopes for and brings. */
    draft: string;
    /** What candidates read, as approved; null when nothing is approved. */
    approved: string | null;
    /** Epoch ms of the approval. */
    approvedAt: number | null;
  };
}

export interface StoryCorrectionInput {
  section: StorySection;
  text: string;
}

export interface StoryIntroInput {
  text: string;
}
