import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { STORY_PATH, type StoryResponse } from "@sams-web/domain/story/contracts";
import { expect, test } from "../fixtures/test.ts";

// "Your story", walked by the person it is about: Sam's narrative section by section, "Not quite
// right? Tell Sam" rewriting one part in their words, and "About me in Sam's words" approved for
// candidates to read. The interview is marked complete and the narrative written straight into the
// database (as a search would have written it); everything after goes through the screen.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

const SCREENS = process.env.SCREENSHOT_DIR;

const NARRATIVE = {
  about: "Nadia is a nurse who spends her evenings reading and her Sundays walking by the river.",
  goals: "She hopes for a steady, kind partnership and, one day, a home full of books.",
  bestQualities: "Patient, warm and quick to laugh.",
  worstQualities: "She can be stubborn about plans once they are made.",
  partnerPreferences: "Someone curious who likes quiet mornings and long walks.",
  dealbreakers: "Smoking.",
  contributions: "Calm in a crisis and a very good cook.",
  pastRelationships: "A long relationship that ended kindly.",
};

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

for (const size of SIZES) {
  test(`on a ${size.name}, a person reads their story, tells Sam one part is wrong and sees it rewritten, and approves 'About me in Sam's words'`, async ({
    browser,
    signUp,
    db,
  }) => {
    const context = await browser.newContext({ viewport: size.viewport });
    const person = await signUp(context, "Nadia");
    await db.query(
      "update profiles set conversation_stage = 'complete', chat_complete = true, verified = true where user_id = $1",
      [person.id],
    );
    await db.query(
      `insert into narratives (user_id, about, goals, best_qualities, worst_qualities, partner_preferences,
         dealbreakers, contributions, past_relationships, source)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'scripted')`,
      [
        person.id,
        NARRATIVE.about,
        NARRATIVE.goals,
        NARRATIVE.bestQualities,
        NARRATIVE.worstQualities,
        NARRATIVE.partnerPreferences,
        NARRATIVE.dealbreakers,
        NARRATIVE.contributions,
        NARRATIVE.pastRelationships,
      ],
    );
    const page = await context.newPage();

    // Reached from the navigation's Your web, like any place of one's own.
    await page.goto("/your-web");
    await page
      .getByRole("link", { name: /your story/i })
      .first()
      .click();
    await expect(page).toHaveURL("/your-story");
    await expect(page.getByRole("heading", { level: 1, name: "Your story" })).toBeVisible();

    // Each section under its own heading, in Sam's words.
    const about = page.getByRole("region", { name: "Who you are" });
    await expect(about).toContainText(NARRATIVE.about);
    await expect(page.getByRole("region", { name: "Your dealbreakers" })).toContainText("Smoking.");
    await expect(page.getByRole("region", { name: "What you hope for" })).toContainText(NARRATIVE.goals);
    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/your-story-${size.name}.png`, fullPage: true });

    // Not quite right: she says what it should say, and Sam rewrites that part with her words.
    await about.getByRole("button", { name: "Not quite right? Tell Sam about who you are" }).click();
    const correction = about.getByLabel("What should Sam know instead?");
    await expect(correction).toHaveValue(NARRATIVE.about);
    await correction.fill("");
    await about.getByRole("button", { name: "Ask Sam to rewrite" }).click();
    await expect(about.getByRole("alert")).toHaveText(MESSAGES.storyCorrectionEmpty);
    await correction.fill("I am a paediatric nurse, and I swim in the lake every morning before work.");
    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/your-story-correcting-${size.name}.png` });
    await about.getByRole("button", { name: "Ask Sam to rewrite" }).click();
    await expect(about.getByRole("status")).toHaveText(MESSAGES.storyRewritten);
    await expect(about).toContainText(/swim in the lake/);
    await expect(about).not.toContainText("walking by the river");
    // It stays rewritten: a reload reads the narrative Sam saved.
    await page.reload();
    await expect(page.getByRole("region", { name: "Who you are" })).toContainText(/swim in the lake/);

    // About me in Sam's words: nothing is shown to candidates until she approves it.
    const intro = page.getByRole("region", { name: "About me in Sam's words" });
    await expect(intro).toContainText("Not shown to anyone yet.");
    const before = await page.request.get(STORY_PATH);
    expect(((await before.json()) as StoryResponse).intro.approved).toBeNull();
    const words = intro.getByRole("textbox");
    await words.fill("A nurse who swims at dawn and reads at night, hoping for a kind, steady partnership.");
    await intro.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(intro.getByRole("status")).toHaveText(MESSAGES.introApproved);
    await expect(intro).toContainText("Candidates read what you approved:");
    await expect(intro.locator("blockquote")).toHaveText(
      "A nurse who swims at dawn and reads at night, hoping for a kind, steady partnership.",
    );
    const after = (await (await page.request.get(STORY_PATH)).json()) as StoryResponse;
    expect(after.intro.approved).toBe(
      "A nurse who swims at dawn and reads at night, hoping for a kind, steady partnership.",
    );
    // Contact details are refused and change nothing.
    await words.fill("Write to me at nadia@example.com");
    await intro.getByRole("button", { name: "Approve the change" }).click();
    await expect(intro.getByRole("alert")).toHaveText(MESSAGES.introContact);
    const unchanged = (await (await page.request.get(STORY_PATH)).json()) as StoryResponse;
    expect(unchanged.intro.approved).toBe(after.intro.approved);

    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/your-story-approved-${size.name}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );
    await context.close();
  });
}
