import type { StoryResponse } from "@sams-web/domain/story/contracts";
import { cleanIntro, introProblem, STORY_SECTIONS, type StorySection } from "@sams-web/domain/story/rules";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RealtimeBus } from "../../platform/realtime/bus.ts";
import { rewriteNarrative } from "../matching/mutations.ts";
import { emptyNarrative, type Narrative, type NarrativeWriter } from "../matching/narrative/narrative.ts";
import { findIntro, findNarrativeRow, findStoryOwner, listCorrections } from "./data.ts";
import { draftIntro } from "./intro-draft.ts";
import { approveIntro, insertCorrection, withdrawIntro } from "./mutations.ts";

export interface StoryDeps {
  db: Database;
  bus: RealtimeBus;
  writer: NarrativeWriter;
  now: () => Date;
}

/**
 * "Your story": the narrative Sam keeps about the person, shown to them; their corrections, with
 * which it is rewritten (now and at every later rewrite: the search's narrative reads them too);
 * and the introduction candidates read once it is approved.
 */
export function createStoryService({ db, bus, writer, now }: StoryDeps) {
  const rewrite = (userId: string) => rewriteNarrative(db, writer, userId);

  async function view(userId: string): Promise<StoryResponse> {
    const owner = await findStoryOwner(db, userId);
    if (!owner) throw new AppError("NOT_FOUND", "profileNotFound");
    const intro = await findIntro(db, userId);
    const approved = { approved: intro?.text ?? null, approvedAt: intro?.approvedAt.getTime() ?? null };
    if (!owner.chatComplete) return { ready: false, sections: [], intro: { draft: "", ...approved } };
    // Written on first sight when no search has written it yet: it is derived from the interview.
    const row = await findNarrativeRow(db, userId);
    const narrative: Narrative = row ?? (await rewrite(userId));
    const corrected = new Set((await listCorrections(db, userId)).map((c) => c.field));
    return {
      ready: true,
      sections: STORY_SECTIONS.map((section) => ({
        section,
        text: narrative[section] ?? emptyNarrative()[section],
        corrected: corrected.has(section),
      })),
      intro: { draft: draftIntro(narrative), ...approved },
    };
  }

  return {
    view,

    async correct(userId: string, section: StorySection, text: string): Promise<StoryResponse> {
      const owner = await findStoryOwner(db, userId);
      if (!owner?.chatComplete) throw new AppError("FAILED_PRECONDITION", "storyNotReady");
      const clean = text.replaceAll(/\s+/g, " ").trim();
      if (clean === "") throw new AppError("INVALID_ARGUMENT", "storyCorrectionEmpty");
      if (clean.length > 1_000) throw new AppError("INVALID_ARGUMENT", "storyCorrectionTooLong");
      await insertCorrection(db, userId, section, clean);
      await rewrite(userId);
      await bus.publish(userId, { topic: "profile" });
      return view(userId);
    },

    async approve(userId: string, text: string): Promise<StoryResponse> {
      const problem = introProblem(text);
      if (problem) throw new AppError("INVALID_ARGUMENT", problem);
      await approveIntro(db, userId, cleanIntro(text), now());
      // Candidates with this person in photo review read the new words on their next look.
      await bus.publish(userId, { topic: "profile" });
      return view(userId);
    },

    async withdraw(userId: string): Promise<StoryResponse> {
      await withdrawIntro(db, userId);
      await bus.publish(userId, { topic: "profile" });
      return view(userId);
    },

    /** The person's story, corrections and approved introduction, for their data export. */
    async exportEntries(userId: string) {
      const [narrative, corrections, intro] = await Promise.all([
        findNarrativeRow(db, userId),
        listCorrections(db, userId),
        findIntro(db, userId),
      ]);
      const story = {
        narrative: narrative
          ? Object.fromEntries(STORY_SECTIONS.map((section) => [section, narrative[section]]))
          : null,
        writtenBy: narrative?.source ?? null,
        updatedAt: narrative?.updatedAt ?? null,
        corrections: corrections.map(({ field, text, createdAt }) => ({ section: field, text, createdAt })),
        introduction: intro ? { text: intro.text, approvedAt: intro.approvedAt } : null,
      };
      return [{ name: "story.json", data: `${JSON.stringify(story, null, 2)}\n` }];
    },
  };
}
