import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { StoryResponse } from "@sams-web/domain/story/contracts";
import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { conversations, matches, messages, narratives } from "../../../src/db/schema.ts";
import { rewriteNarrative } from "../../../src/features/matching/mutations.ts";
import { extractiveNarrativeWriter, type NarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { purgeConversationLogs } from "../../../src/features/privacy/mutations.ts";
import { createTestApp, signUp, type TestApp } from "../../support/helpers.ts";
import { call, signedUpPerson } from "../../support/matching-fixtures.ts";

// "Your story": a person reads the narrative Sam wrote about them, corrects it section by
// section and sees it rewritten (and kept through every later rewrite), approves the few lines
// candidates read, and finds it all in their data export. Candidates read the introduction only
// once approved, only from photo review on, and never anything else of the story.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The person's answer to a candidate's follow-up question, as the chat saves it. */
async function saveFollowupAnswer(conversationId: string, userId: string, text: string): Promise<void> {
  await t.db.insert(messages).values({ conversationId, userId, sender: "user", text, stage: "followupsQueued" });
}

async function story(cookie: string): Promise<StoryResponse> {
  const response = await inject("GET", "/api/story", cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as StoryResponse;
}

/** What a section of the story says. */
const textOf = (view: StoryResponse, section: string) => view.sections.find((s) => s.section === section)?.text;

/** The conversation the person's interview was held in. */
async function interviewConversationId(userId: string): Promise<string> {
  const [conversation] = await t.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.userId, userId));
  if (!conversation) throw new Error("the interview left no conversation");
  return conversation.id;
}

/** After the purge took the person's log: a new conversation, answering a candidate's questions. */
async function conversationAfterPurge(userId: string): Promise<string> {
  const id = `c_${userId}`;
  await t.db.insert(conversations).values({ id, userId, stage: "followupsQueued" });
  return id;
}

describe("your story", () => {
  it("needs a signed-in person; before the interview is complete there is none yet", async () => {
    expect((await inject("GET", "/api/story")).statusCode).toBe(401);
    expect((await inject("PUT", "/api/story/intro", undefined, { text: "Hi" })).statusCode).toBe(401);
    const fresh = await signUp(t.app);
    const view = await story(fresh.cookie);
    expect(view.ready).toBe(false);
    expect(view.sections).toEqual([]);
    const refused = await inject("POST", "/api/story/corrections", fresh.cookie, { section: "about", text: "I sail." });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.storyNotReady);
  });

  it("shows every section Sam wrote; a correction rewrites it, is kept through the search's rewrite, and changes nothing else", async () => {
    const person = await signedUpPerson(t, { name: "Maya Field" });
    const before = await story(person.cookie);
    expect(before.ready).toBe(true);
    expect(before.sections.map((s) => s.section)).toEqual([
      "about",
      "goals",
      "bestQualities",
      "partnerPreferences",
      "dealbreakers",
      "worstQualities",
      "contributions",
      "pastRelationships",
    ]);
    expect(before.sections.find((s) => s.section === "about")?.text).toContain("hiking on weekends");

    const correction = "I'm a night nurse, and on my days off I sail with my brother.";
    const after = await inject("POST", "/api/story/corrections", person.cookie, { section: "about", text: correction });
    expect(after.statusCode).toBe(200);
    const rewritten = (after.json() as StoryResponse).sections;
    expect(rewritten.find((s) => s.section === "about")).toEqual({
      section: "about",
      text: correction,
      corrected: true,
    });
    expect(rewritten.find((s) => s.section === "goals")).toEqual(before.sections.find((s) => s.section === "goals"));

    // The search writes the narrative again from the interview: the correction stays.
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    const [row] = await t.db.select().from(narratives).where(eq(narratives.userId, person.userId));
    expect(row?.about).toBe(correction);
  });

  it("follow-up answers given after a correction join the corrected section; those before it give way", async () => {
    const person = await signedUpPerson(t, { name: "Ines" });
    const conversationId = await interviewConversationId(person.userId);
    const answerFollowup = (text: string) => saveFollowupAnswer(conversationId, person.userId, text);
    const aboutOf = async () => (await story(person.cookie)).sections.find((s) => s.section === "about");

    await answerFollowup("I coach the under-nines at football.");
    const correction = "I'm a night nurse, and on my days off I sail with my brother.";
    expect(
      (await inject("POST", "/api/story/corrections", person.cookie, { section: "about", text: correction }))
        .statusCode,
    ).toBe(200);
    expect((await aboutOf())?.text).toBe(correction);

    await answerFollowup("I volunteer at the animal shelter on Sundays.");
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect(await aboutOf()).toEqual({
      section: "about",
      text: `${correction} I volunteer at the animal shelter on Sundays.`,
      corrected: true,
    });
  });

  it("refuses an empty or overlong correction and an unknown section, changing nothing", async () => {
    const person = await signedUpPerson(t);
    for (const body of [
      { section: "about", text: "   " },
      { section: "about", text: "x".repeat(1_001) },
      { section: "secrets", text: "hello" },
      { section: "about", text: "hello", extra: true },
    ]) {
      const response = await inject("POST", "/api/story/corrections", person.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const view = await story(person.cookie);
    expect(view.sections.every((s) => !s.corrected)).toBe(true);
  });

  it("drafts the introduction from likes, values, hopes and gifts, never from dealbreakers or past loves", async () => {
    const person = await signedUpPerson(t, {
      interview: {
        rapport_building: "I love hiking and books.",
        relationship_goals: "I want marriage and children.",
        best_qualities: "I am honest and kind, and I make people laugh.",
        dealbreakers: "Smoking and gambling are a hard no; so is anyone who hates dancing.",
        past_relationships: "My ex loved jazz music and we broke up over travel.",
        contributions: "Patience and good cooking.",
      },
    });
    const { intro } = await story(person.cookie);
    expect(intro.approved).toBeNull();
    expect(intro.draft).toMatch(/hiking|the outdoors/);
    expect(intro.draft).toMatch(/books/);
    expect(intro.draft).toMatch(/honesty/);
    expect(intro.draft).toMatch(/marriage/);
    expect(intro.draft).not.toMatch(/smok|gambl|danc|jazz|music|travel|ex\b/i);
    expect(intro.draft.length).toBeLessThanOrEqual(280);
  });

  it("an approved introduction is what candidates read in photo review, only then and only from photo review on", async () => {
    const maya = await signedUpPerson(t, { name: "Maya", zipCode: "30301" });
    const leo = await signedUpPerson(t, { name: "Leo", gender: "man", seekingGender: "woman", zipCode: "30301" });
    await t.db.insert(matches).values([
      { userId: leo.userId, candidateId: maya.userId, status: "followupsQueued", score: 80, followupQuestions: ["Q?"] },
      { userId: maya.userId, candidateId: leo.userId, status: "followupsAnswered", score: 80 },
    ]);
    const aboutMaya = async () => {
      const response = await inject("GET", "/api/matches", leo.cookie);
      return (
        response.json().matches as { id: string; about: string | null; firstName: string; photos: string[] }[]
      ).find((m) => m.id === maya.userId);
    };
    // Not approved: nothing. Before photo review: neither her words nor her name nor her photos.
    expect((await aboutMaya())?.about).toBeNull();
    const intro = "Loves sailing at dawn and a good book. Looking for something lasting.";
    const approved = await inject("PUT", "/api/story/intro", maya.cookie, { text: `  ${intro}  ` });
    expect(approved.statusCode).toBe(200);
    expect((approved.json() as StoryResponse).intro.approved).toBe(intro);
    const early = await aboutMaya();
    expect(early).toMatchObject({ about: null, firstName: "", photos: [] });

    await t.db
      .update(matches)
      .set({ status: "photoValidation" })
      .where(inArray(matches.userId, [leo.userId, maya.userId]));
    expect((await aboutMaya())?.about).toBe(intro);

    // Withdrawn: gone at once.
    expect((await inject("DELETE", "/api/story/intro", maya.cookie)).statusCode).toBe(200);
    expect((await aboutMaya())?.about).toBeNull();
  });

  it("refuses contact details, an empty or an overlong introduction, and keeps what was approved", async () => {
    const person = await signedUpPerson(t);
    await inject("PUT", "/api/story/intro", person.cookie, { text: "Loves books." });
    for (const [text, message] of [
      ["Write me at maya@example.com", MESSAGES.introContact],
      ["Call 555 123 4567 any time", MESSAGES.introContact],
      ["Find me on instagram", MESSAGES.introContact],
      ["see www.maya.com", MESSAGES.introContact],
      ["   ", MESSAGES.introEmpty],
      ["x".repeat(281), MESSAGES.introTooLong],
    ] as const) {
      const response = await inject("PUT", "/api/story/intro", person.cookie, { text });
      expect(response.statusCode, text).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await story(person.cookie)).intro.approved).toBe("Loves books.");
  });

  it("the data export holds the story, the corrections and the approved introduction", async () => {
    const person = await signedUpPerson(t);
    await inject("POST", "/api/story/corrections", person.cookie, {
      section: "goals",
      text: "A quiet life by the sea.",
    });
    await inject("PUT", "/api/story/intro", person.cookie, { text: "Loves the sea." });
    const response = await inject("GET", "/api/export", person.cookie);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const exported = JSON.parse(new TextDecoder().decode(files["story.json"]));
    expect(exported.narrative.goals).toBe("A quiet life by the sea.");
    expect(exported.corrections).toEqual([
      expect.objectContaining({ section: "goals", text: "A quiet life by the sea." }),
    ]);
    expect(exported.introduction.text).toBe("Loves the sea.");
    expect(new TextDecoder().decode(files["README.txt"])).toContain("story.json");
  });

  it("a person's story is their own: another's story, corrections and introduction are out of reach", async () => {
    const maya = await signedUpPerson(t, { name: "Maya" });
    const eve = await signedUpPerson(t, { name: "Eve" });
    await inject("PUT", "/api/story/intro", maya.cookie, { text: "Maya's own words." });
    // There is no way to name another person in any story route: each reads the caller's own.
    const eves = await story(eve.cookie);
    expect(eves.intro.approved).toBeNull();
    expect(JSON.stringify(eves)).not.toContain("Maya");
  });

  // Runs last: the purge empties every person's conversation log in this file's database.
  it("once the conversation log is purged, a correction and the search's rewrite keep every other section", async () => {
    const person = await signedUpPerson(t, { name: "Ada" });
    const before = await story(person.cookie);
    expect(textOf(before, "goals")).not.toBe("");
    expect(textOf(before, "about")).toContain("hiking on weekends");

    // Conversation logs go after their retention window; the narrative stays with the account.
    expect(await purgeConversationLogs(t.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    const left = await t.db.select().from(messages).where(eq(messages.userId, person.userId));
    expect(left).toEqual([]);

    const correction = "I teach piano to children after school.";
    const after = await inject("POST", "/api/story/corrections", person.cookie, { section: "about", text: correction });
    expect(after.statusCode).toBe(200);
    const rewritten = after.json() as StoryResponse;
    expect(textOf(rewritten, "about")).toBe(correction);
    for (const { section, text } of before.sections.filter((s) => s.section !== "about"))
      expect(textOf(rewritten, section)).toBe(text);

    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    const again = await story(person.cookie);
    expect(textOf(again, "about")).toBe(correction);
    for (const { section, text } of before.sections.filter((s) => s.section !== "about"))
      expect(textOf(again, section)).toBe(text);
  });

  // Also after the purge (it runs on the whole file's database, so it comes last too).
  it("once the conversation log is purged, follow-up answers given since still join 'about', each once", async () => {
    const person = await signedUpPerson(t, { name: "Bea" });
    const before = await story(person.cookie);
    const aboutBefore = textOf(before, "about") ?? "";
    expect(aboutBefore).toContain("hiking on weekends");
    await purgeConversationLogs(t.db, new Date(Date.now() + 60_000));
    expect(await t.db.select().from(messages).where(eq(messages.userId, person.userId))).toEqual([]);

    // The person goes on talking with Sam: a new conversation, answering a candidate's questions.
    const conversationId = await conversationAfterPurge(person.userId);
    const answer = async (text: string) => {
      await saveFollowupAnswer(conversationId, person.userId, text);
      expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
      return story(person.cookie);
    };
    const first = await answer("I volunteer at the animal shelter on Sundays.");
    expect(textOf(first, "about")).toBe(`${aboutBefore} I volunteer at the animal shelter on Sundays.`);
    for (const { section, text } of before.sections.filter((s) => s.section !== "about"))
      expect(textOf(first, section)).toBe(text);

    // A rewrite with nothing new adds nothing; the next answer joins after the first, once.
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect(textOf(await story(person.cookie), "about")).toBe(textOf(first, "about"));
    const second = await answer("My  sister   and I cook together every Friday.");
    expect(textOf(second, "about")).toBe(
      `${aboutBefore} I volunteer at the animal shelter on Sundays. My sister and I cook together every Friday.`,
    );
  });

  // Also after the purge (it runs on the whole file's database, so it comes last too).
  it("a follow-up answer saved while a rewrite is under way joins the next rewrite once the log is purged", async () => {
    const person = await signedUpPerson(t, { name: "Cleo" });
    const aboutBefore = textOf(await story(person.cookie), "about") ?? "";
    await purgeConversationLogs(t.db, new Date(Date.now() + 60_000));
    const conversationId = await conversationAfterPurge(person.userId);

    // The answer arrives after this rewrite has read the log and before it has stored its narrative.
    const during = "I sing in a community choir on Tuesdays.";
    const answeredMeanwhile: NarrativeWriter = {
      async write(answers) {
        const written = await extractiveNarrativeWriter.write(answers);
        await saveFollowupAnswer(conversationId, person.userId, during);
        return written;
      },
    };
    const first = await rewriteNarrative(t.db, answeredMeanwhile, person.userId);
    expect(first.about).toBe(aboutBefore);

    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect(textOf(await story(person.cookie), "about")).toBe(`${aboutBefore} ${during}`);
  });

  it("a rewrite that read the log before the stored narrative was written does not replace it", async () => {
    const person = await signedUpPerson(t, { name: "Dora" });
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    const [stored] = await t.db.select().from(narratives).where(eq(narratives.userId, person.userId));
    expect(stored?.about).toContain("hiking on weekends");
    // Another rewrite stores a narrative from a later reading while this one is still writing.
    const overtaken: NarrativeWriter = {
      async write(answers) {
        const written = await extractiveNarrativeWriter.write(answers);
        await t.db
          .update(narratives)
          .set({ about: "From the later reading.", updatedAt: new Date(Date.now() + 60_000) })
          .where(eq(narratives.userId, person.userId));
        return written;
      },
    };
    await rewriteNarrative(t.db, overtaken, person.userId);
    const [after] = await t.db.select().from(narratives).where(eq(narratives.userId, person.userId));
    expect(after?.about).toBe("From the later reading.");
  });

  // Also after the purge (it runs on the whole file's database, so it comes last too).
  it("once the log is purged, a corrected section keeps the answers given after the correction, and grows", async () => {
    const person = await signedUpPerson(t, { name: "Fay" });
    const conversationId = await interviewConversationId(person.userId);
    const aboutOf = async () => textOf(await story(person.cookie), "about");
    const correction = "I restore old sailing boats in my spare time.";
    expect(
      (await inject("POST", "/api/story/corrections", person.cookie, { section: "about", text: correction }))
        .statusCode,
    ).toBe(200);
    await saveFollowupAnswer(conversationId, person.userId, "I bake bread for my neighbours.");
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect(await aboutOf()).toBe(`${correction} I bake bread for my neighbours.`);

    await purgeConversationLogs(t.db, new Date(Date.now() + 60_000));
    expect(await t.db.select().from(messages).where(eq(messages.userId, person.userId))).toEqual([]);
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect(await aboutOf()).toBe(`${correction} I bake bread for my neighbours.`);

    const laterConversationId = await conversationAfterPurge(person.userId);
    await saveFollowupAnswer(laterConversationId, person.userId, "I swim in the lake every morning.");
    expect((await call(t.app, person.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect(await aboutOf()).toBe(`${correction} I bake bread for my neighbours. I swim in the lake every morning.`);
  });
});
