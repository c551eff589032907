import type { Page } from "@playwright/test";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import {
  FOLLOWUP_ANSWER,
  log,
  mailTo,
  RICH,
  revealAll,
  review,
  SPARSE,
  sendButton,
  setUpPerson,
} from "../fixtures/people.ts";
import { expect, test } from "../fixtures/test.ts";

// The matching journey: two people, each in a browser context of their own, with the scripted
// Sam. Alex searches; Blair's sparse interview leaves Sam unsure, so Blair answers follow-up
// questions in the chat; both keep each other in photo review, both Confirm and Connect, and each
// finds the other's email in an introduction. Casey, set free by Alex, never comes back. The
// interviews and settings of the set-up go through the same API the screens use.

/** Whose photos the review shows: photo addresses name their owner. */
async function reviewedOwner(page: Page): Promise<string> {
  const photo = review(page).getByRole("img");
  if ((await photo.count()) === 0) return "";
  return (await photo.getAttribute("src", { timeout: 1_000 })) ?? "";
}

test("two people: search, follow-up questions, keep each other, Confirm and Connect, introductions by email; a person set free never returns", async ({
  browser,
  signUp,
}, testInfo) => {
  test.setTimeout(240_000);
  // Alex walks the whole way on a phone, Blair on a laptop.
  const alex = await setUpPerson(
    browser,
    signUp,
    { name: "Alex", gender: "man", seeking: "woman", zip: "97201", interview: RICH },
    { width: 390, height: 844 },
  );
  const blair = await setUpPerson(browser, signUp, {
    name: "Blair",
    gender: "woman",
    seeking: "man",
    zip: "97205",
    interview: SPARSE,
  });
  const casey = await setUpPerson(browser, signUp, {
    name: "Casey",
    gender: "woman",
    seeking: "man",
    zip: "97209",
    interview: RICH,
  });

  // Alex presses Begin Search in settings; the message area reports what was found.
  await alex.page.goto("/settings");
  await expect(alex.page.getByRole("switch", { name: "Still Looking" })).toBeChecked();
  await alex.page.getByRole("button", { name: "Begin Search" }).click();
  await expect(alex.page.getByText("Potential matches found! Visit Sam to view user photos.")).toBeVisible({
    timeout: 60_000,
  });

  // Blair: 'In follow-up mode the user answers each queued question in turn.'
  await blair.page.goto("/");
  const queued = await (await blair.page.request.get("/api/matches")).json();
  const questions: string[] = queued.matches.find((m: { id: string }) => m.id === alex.userId)?.followup_questions;
  expect(questions.length).toBeGreaterThan(0);
  await expect(review(blair.page)).toHaveCount(0);
  for (const question of questions) {
    await revealAll(blair.page);
    await expect(log(blair.page).getByRole("listitem").last()).toHaveText(`Sam: ${question}`);
    await blair.page.getByPlaceholder("Type your response...").fill(FOLLOWUP_ANSWER);
    await sendButton(blair.page).click();
    await expect(log(blair.page)).toContainText("That answers my question.");
  }
  // Sam asked only the question texts: nothing of Alex's own words or email.
  for (const words of Object.values(RICH)) await expect(log(blair.page)).not.toContainText(words);
  await expect(log(blair.page)).not.toContainText(alex.email);
  // After the last question the 'answered' action goes out: the pair is scored again and Blair
  // sees Alex's photos without a reload; the stage is followupsAnswered.
  await expect(review(blair.page)).toBeVisible({ timeout: 20_000 });
  expect(await reviewedOwner(blair.page)).toContain(alex.userId);
  await expect
    .poll(async () => (await (await blair.page.request.get("/api/profile")).json()).profile.conversationStage)
    .toBe("followupsAnswered");
  // A reload asks nothing more: the questions and answers stay in the conversation.
  await blair.page.reload();
  await revealAll(blair.page);
  await expect(log(blair.page).getByRole("listitem").last()).toContainText("That answers my question.");
  for (const question of questions) await expect(log(blair.page)).toContainText(`Sam: ${question}`);

  // Alex reviews both candidates: Casey is set free, Blair kept.
  await alex.page.goto("/");
  const seen = new Set<string>();
  for (let i = 0; i < 2; i++) {
    await expect(review(alex.page)).toBeVisible({ timeout: 20_000 });
    await expect(review(alex.page).getByRole("img")).toHaveAttribute("src", /\/api\/photos\//);
    const owner = await reviewedOwner(alex.page);
    if (owner.includes(casey.userId)) {
      seen.add("casey");
      // Asked once: the second 'Set free' is the answer to "Set Casey free?".
      await review(alex.page).getByRole("button", { name: "Set free" }).click();
      await review(alex.page).getByRole("button", { name: "Set free" }).click();
    } else {
      expect(owner).toContain(blair.userId);
      seen.add("blair");
      await review(alex.page).getByRole("button", { name: "Keep in your web" }).click();
    }
    await expect.poll(() => reviewedOwner(alex.page).catch(() => owner)).not.toBe(owner);
  }
  expect([...seen].sort()).toEqual(["blair", "casey"]);
  await expect(review(alex.page)).toHaveCount(0);

  // Blair keeps Alex.
  await review(blair.page).getByRole("button", { name: "Keep in your web" }).click();
  await expect(review(blair.page)).toHaveCount(0);

  // Both kept each other: Alex is told in three places. The header and Sam's note in the chat,
  // live (the photo review's own line may say so too, when its check came after Blair's keep) ...
  await expect(alex.page.getByRole("banner").getByRole("link", { name: "Pending match" })).toBeVisible();
  await expect(
    alex.page
      .getByRole("status")
      .filter({ hasText: `Sam: ${MESSAGES.mutualMatchNotice}` })
      .getByRole("link", { name: MESSAGES.mutualMatchLink }),
  ).toBeVisible();
  // ... and an email that links to the pending match and says nothing of who.
  const notice = await mailTo(alex.email, /Someone kept you in their web/);
  expect(notice).toMatch(/https?:\/\/[^\s"<>]+\/match-confirmation/);
  expect(notice).not.toContain(blair.email);
  expect(notice).not.toContain("Blair");

  // Both Confirm and Connect on /match-confirmation: Alex gets there from the header's link.
  await alex.page.getByRole("banner").getByRole("link", { name: "Pending match" }).click();
  await expect(alex.page.getByRole("heading", { level: 1, name: "Your Pending Match" })).toBeVisible();
  await expect(alex.page.getByText(/^\d{1,3}%$/)).toBeVisible();
  await alex.page.screenshot({ path: testInfo.outputPath("alex-pending-match-phone.png"), fullPage: true });
  await alex.page.getByRole("button", { name: "Confirm and Connect" }).click();
  // Alex is told what happens next, then taken on to Settings.
  await expect(alex.page.getByText("We'll email you both as soon as your match confirms too.")).toBeVisible();
  await expect(alex.page).toHaveURL(/\/settings$/, { timeout: 20_000 });
  await blair.page.goto("/match-confirmation");
  await blair.page.getByRole("button", { name: "Confirm and Connect" }).click();
  // Blair's confirmation connects them: the match has its own screen.
  await expect(blair.page).toHaveURL(new RegExp(`/its-a-match\\?with=${alex.userId}$`));

  // Each finds the other's email in an introduction.
  expect(await mailTo(alex.email, new RegExp(blair.email.replace(/[.+]/g, "\\$&")))).toContain(blair.email);
  expect(await mailTo(blair.email, new RegExp(alex.email.replace(/[.+]/g, "\\$&")))).toContain(alex.email);

  // Casey, set free by Alex, never appears again: not in Alex's review, not after another search.
  const caseyStatus = async () => {
    const body = await (await alex.page.request.get("/api/matches")).json();
    return body.matches.filter((m: { id: string; status: string }) => m.id === casey.userId && m.status !== "no");
  };
  expect(await caseyStatus()).toEqual([]);
  await alex.page.goto("/settings");
  await alex.page.getByRole("button", { name: "Begin Search" }).click();
  const searchArea = alex.page.getByRole("region", { name: "Search" });
  await expect(searchArea.getByRole("status")).toHaveText(/\S/);
  await expect(searchArea.getByRole("button", { name: "Begin Search" })).toBeEnabled({ timeout: 60_000 });
  await alex.page.goto("/");
  await expect(log(alex.page)).toBeVisible();
  await expect(review(alex.page)).toHaveCount(0);
  expect(await caseyStatus()).toEqual([]);
});
