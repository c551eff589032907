import type { StoryResponse } from "@sams-web/domain/story/contracts";
import { STORY_SECTIONS } from "@sams-web/domain/story/rules";
import * as z from "zod";

export const storyResponseSchema = z.object({
  ready: z.boolean(),
  sections: z.array(z.object({ section: z.enum(STORY_SECTIONS), text: z.string(), corrected: z.boolean() })),
  intro: z.object({ draft: z.string(), approved: z.string().nullable(), approvedAt: z.number().nullable() }),
}) satisfies z.ZodType<StoryResponse>;
