import * as z from "zod";
import { INTRO_MAX_CHARS, STORY_CORRECTION_MAX_CHARS, STORY_SECTIONS } from "./rules.ts";

/** A correction of one section of the story. */
export const storyCorrectionInputSchema = z
  .object({ section: z.enum(STORY_SECTIONS), text: z.string().max(STORY_CORRECTION_MAX_CHARS * 2) })
  .strict();

/** An introduction to approve; checked further by introProblem. */
export const storyIntroInputSchema = z.object({ text: z.string().max(INTRO_MAX_CHARS * 4) }).strict();
