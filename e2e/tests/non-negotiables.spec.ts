import type { Browser, Page } from "@playwright/test";
import { TRANSITION_MESSAGES } from "@sams-web/domain/chat/stage-transitions";
import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { makeImage } from "../fixtures/images.ts";
import { expect, type TestFixtures, test } from "../fixtures/test.ts";

// Non-negotiables from the person's side: Sam's quick questions in the chat (taps and keys, on a
// phone and on a laptop), his read-back with a correction, Settings' "Non-negotiables", and the
// promise they make: two people whose answers clash never see each other, two who fit do.

const ANSWERS = [
  "I love hiking in the mountains, reading books and cooking dinner for friends.",
  "I want marriage and a family, a long-term commitment with someone honest and kind.",
];

const log = (page: Page) => page.getByRole("log", { name: "Conversation with Sam" });
const sendButton = (page: Page) => page.getByRole("button", { name: /^(Send|Thinking|Responding)$/ });
const typing = (page: Page) => page.getByRole("button", { name: "Sam is typing. Show the whole message" });

async function revealAll(page: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await sendButton(page).textContent()) === "Send") return;
    if (await typing(page).isVisible()) await typing(page).click();
    await page.waitForTimeout(100);
  }
  await expect(sendButton(page)).toHaveText("Send");
}

async function callApi<T>(page: Page, name: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/call/${name}`, { data: { data } });
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok()) throw new Error(`${name} failed: ${response.status()} ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** Walks the interview through the API to the dealbreakers stage (the screens are tested elsewhere). */
async function toDealbreakers(page: Page): Promise<void> {
  for (let turn = 0; turn < 20; turn++) {
    const reply = await callApi<{ stage: string }>(page, "callSamApi", { userMessage: ANSWERS[turn % 2] });
    if (reply.stage === "dealbreakers") return;
  }
  throw new Error("the interview never reached the dealbreakers stage");
}

for (const { name, viewport } of [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const) {
  test(`on a ${name}: the quick questions with taps and keys, Sam's read-back corrected and confirmed, then Settings`, async ({
    signedInPage: page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await toDealbreakers(page);
    await page.goto("/");
    await revealAll(page);
    await page
      .getByPlaceholder("Type your response...")
      .fill("Gambling is a hard no, and anyone who lives with an ex. Dishonesty too.");
    await sendButton(page).click();
    await revealAll(page);

    const quick = page.getByRole("region", { name: "Quick questions" });
    await expect(quick).toBeVisible();
    await expect(quick.getByRole("group", { name: "Do you smoke or vape?" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // The first answer by mouse, the next by keyboard alone: each question takes the focus.
    await quick.getByRole("button", { name: "No", exact: true }).click();
    await expect(quick.getByText("Do you drink?")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // Never
    await expect(quick.getByText("Cannabis or other drugs?")).toBeFocused();
    await quick.getByRole("button", { name: "Prefer not to say" }).click();
    // Back, and the answer shows as chosen.
    await quick.getByRole("button", { name: "Back" }).click();
    await expect(quick.getByRole("button", { name: "Prefer not to say" })).toHaveAttribute("aria-pressed", "true");
    await quick.getByRole("button", { name: "Never" }).click();
    for (const answer of ["No", "Yes", "Yes", "None"]) {
      await quick.getByRole("button", { name: answer, exact: true }).click();
    }
    await quick.getByRole("button", { name: "Not at all" }).click(); // faith matters
    // Politics: prefer not to say, so how much they matter is not asked.
    await quick.getByRole("button", { name: "Prefer not to say" }).click();
    await expect(quick.getByText("Do you have dogs or cats?")).toBeFocused();
    await quick.getByRole("button", { name: "Neither" }).click(); // dogs or cats
    await quick.getByRole("button", { name: "Cats" }).click(); // allergic: suggests "Has cats"
    for (const answer of ["Single", "Yes", "Yes"])
      await quick.getByRole("button", { name: answer, exact: true }).click();
    const limits = quick.getByRole("group", { name: MESSAGES.tapsLimitsQuestion });
    await expect(limits.getByRole("checkbox", { name: "Has cats" })).toBeChecked();
    await limits.getByRole("checkbox", { name: "Any smoking or vaping" }).check();
    await limits.getByRole("checkbox", { name: "Doesn't want children" }).check();
    // "A different faith" means nothing to someone without one.
    await expect(limits.getByRole("checkbox", { name: "A different faith" })).toHaveCount(0);
    await quick.getByRole("button", { name: "Done" }).click();
    await revealAll(page);

    // Sam reads back, in plain words, what he understood from the taps and from the words.
    const readBack = log(page).getByRole("listitem").last();
    await expect(readBack).toContainText(MESSAGES.readBackIntro);
    await expect(readBack).toContainText(
      "any smoking or vaping; someone who doesn't want children; a partner with cats",
    );
    await expect(readBack).toContainText("From what you wrote: gambling; anyone who lives with an ex");
    await expect(readBack).toContainText("I'll also keep in mind: dishonesty.");
    const card = page.getByRole("region", { name: MESSAGES.readBackIntro });
    await expect(card.getByRole("checkbox")).toHaveCount(3);
    await expectNoSeriousAxeViolations(page);

    // A correction in words is applied at once: gambling is out, tattoos are in.
    await page.getByPlaceholder("Type your response...").fill("Actually gambling is fine. Also no tattoos.");
    await sendButton(page).click();
    await revealAll(page);
    await expect(log(page).getByRole("listitem").last()).toContainText(
      "From what you wrote: anyone who lives with an ex; tattoos",
    );
    await expect(log(page).getByRole("listitem").last()).not.toContainText("gambling");

    // Unticking takes tattoos out too, and "Yes, that's right" ends the stage.
    await card.getByRole("checkbox", { name: /tattoos/ }).uncheck();
    await card.getByRole("button", { name: "Yes, that's right" }).click();
    await revealAll(page);
    await expect(log(page)).toContainText(`You: ${MESSAGES.readBackConfirmedWithout} tattoos.`);
    // One message from Sam: the next stage's opener, right after the confirmation.
    await expect(log(page).getByRole("listitem").last()).toContainText(TRANSITION_MESSAGES.worst_qualities);
    await expect(page.getByText(/Interview: 6 of 8/)).toBeVisible();
    const stored = await (await page.request.get("/api/non-negotiables")).json();
    expect(stored.facts).toMatchObject({ smoking: "no", drinking: "never", wantsChildren: "yes", faith: "none" });
    expect(stored.facts.limits.sort()).toEqual(["cats", "noChildrenWanted", "smokingAny"]);
    expect(stored.reading.map((item: { kind: string }) => item.kind).sort()).toEqual(["ask", "trait"]);

    // Settings: the same answers, changed there and kept.
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Non-negotiables" });
    // Each topic is folded to one line showing its answers; opened, its questions and limits.
    const drinking = section.locator("summary", { hasText: "Drinking" });
    await expect(drinking).toContainText("Never");
    await expect(section.getByLabel("Do you drink?")).toBeHidden();
    // Opened from the keyboard: its question is drawn and comes next in the tab order.
    await drinking.focus();
    await page.keyboard.press("Enter");
    await expect(section.getByLabel("Do you drink?")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(section.getByLabel("Do you drink?")).toBeFocused();
    await expect(section.getByLabel("Do you drink?")).toHaveValue("never");
    await section.getByLabel("Do you drink?").selectOption("socially");
    await section.getByRole("checkbox", { name: "Heavy drinking" }).check();
    await expect(section.getByText(MESSAGES.nonNegotiablesSaved)).toBeVisible();
    await section.getByRole("button", { name: /Remove: dishonesty/ }).click();
    await expect(section.getByText("dishonesty")).toHaveCount(0);
    await page.reload();
    const reloaded = page.getByRole("region", { name: "Non-negotiables" });
    await expect(reloaded.locator("summary", { hasText: "Drinking" })).toContainText(
      "Socially · Firm no: Heavy drinking",
    );
    await reloaded.locator("summary", { hasText: "Drinking" }).click();
    await expect(reloaded.getByLabel("Do you drink?")).toHaveValue("socially");
    await expect(reloaded.getByRole("checkbox", { name: "Heavy drinking" })).toBeChecked();
    // Politics answered "prefer not to say" is not followed by how much politics matter, as in the chat.
    await reloaded.locator("summary", { hasText: "Politics" }).click();
    await reloaded.getByLabel("Your politics?").selectOption("private");
    await expect(reloaded.getByLabel("How much do politics matter to you?")).toHaveCount(0);
    await reloaded.screenshot({ path: testInfo.outputPath(`settings-${name}.png`) });
    await expectNoSeriousAxeViolations(page);
    // Nothing on the page scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

const DEALBREAKER = "Smoking is a dealbreaker.";

/** A person ready to search: a real interview (with the quick questions' answers), photos, Still Looking. */
async function readyToSearch(
  browser: Browser,
  signUp: TestFixtures["signUp"],
  db: TestFixtures["db"],
  who: { name: string; gender: "man" | "woman"; seeking: "man" | "woman"; zip: string; facts: Facts; hue: number },
): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/");
  const { id } = await signUp(context, who.name);
  await db.setProfileFlags(id, { verified: true });
  let stage = "rapport_building";
  let last = "";
  let dealbreakerAnswered = false;
  for (let turn = 0; turn < 40 && stage !== "complete"; turn++) {
    let input: unknown;
    if (last.endsWith(MESSAGES.tapsIntro)) {
      input = { userMessage: MESSAGES.tapsDone, nonNegotiables: { step: "taps", facts: who.facts } };
    } else if (last.startsWith(MESSAGES.readBackIntro)) {
      input = { userMessage: MESSAGES.readBackConfirmed, nonNegotiables: { step: "confirm", removed: [] } };
    } else if (stage === "dealbreakers" && !dealbreakerAnswered) {
      // A firm no the quick answers already settle, so nobody is asked a follow-up about it.
      input = { userMessage: DEALBREAKER };
      dealbreakerAnswered = true;
    } else {
      input = { userMessage: ANSWERS[turn % 2] };
    }
    const reply = await callApi<{ stage: string; message: string }>(page, "callSamApi", input);
    stage = reply.stage;
    last = reply.message;
  }
  expect(stage).toBe("complete");
  const profile = await page.request.patch("/api/profile", {
    data: {
      gender: who.gender,
      seekingGender: who.seeking,
      zipCode: who.zip,
      searchRadius: 25,
      birthday: `${new Date().getFullYear() - 31}-01-15`,
      ageRangeMin: -10,
      ageRangeMax: 10,
    },
  });
  expect(profile.ok()).toBe(true);
  const photos = await page.request.put("/api/photos", {
    multipart: {
      photo0: { name: "photo0.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", who.hue, 1) },
      photo1: {
        name: "photo1.jpg",
        mimeType: "image/jpeg",
        buffer: await makeImage(560, 560, "jpeg", who.hue + 90, 5),
      },
    },
  });
  expect(photos.ok()).toBe(true);
  expect((await page.request.patch("/api/profile", { data: { status: "active" } })).ok()).toBe(true);
  return { page, id };
}

async function search(page: Page): Promise<void> {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Begin Search" }).click();
  await expect(
    page.getByText(/Potential matches found! Visit Sam to view user photos\.|Sorry no potential matches found/),
  ).toBeVisible({ timeout: 60_000 });
}

test("two people whose answers clash never see each other; two whose answers fit do", async ({
  browser,
  signUp,
  db,
}) => {
  test.setTimeout(240_000);
  // Portland: a non-smoker who cannot accept smoking, and a daily smoker.
  const ana = await readyToSearch(browser, signUp, db, {
    name: "Ana",
    gender: "woman",
    seeking: "man",
    zip: "97201",
    facts: { smoking: "no", wantsChildren: "yes", limits: ["smokingAny"] },
    hue: 10,
  });
  const ben = await readyToSearch(browser, signUp, db, {
    name: "Ben",
    gender: "man",
    seeking: "woman",
    zip: "97205",
    facts: { smoking: "daily", wantsChildren: "yes" },
    hue: 200,
  });
  // Denver: two whose answers fit each other's limits.
  const cleo = await readyToSearch(browser, signUp, db, {
    name: "Cleo",
    gender: "woman",
    seeking: "man",
    zip: "80202",
    facts: { smoking: "no", drinking: "socially", wantsChildren: "yes", limits: ["smokingAny", "noChildrenWanted"] },
    hue: 300,
  });
  const dev = await readyToSearch(browser, signUp, db, {
    name: "Dev",
    gender: "man",
    seeking: "woman",
    zip: "80203",
    facts: { smoking: "no", drinking: "never", wantsChildren: "yes", limits: ["drinkingHeavy"] },
    hue: 120,
  });

  // Ana finds nobody, and Ben, searching himself, is never shown Ana.
  await search(ana.page);
  await expect(ana.page.getByText(/Sorry no potential matches found/)).toBeVisible();
  await search(ben.page);
  await expect(ben.page.getByText(/Sorry no potential matches found/)).toBeVisible();
  for (const person of [ana, ben]) {
    const listed = await (await person.page.request.get("/api/matches")).json();
    expect(listed.matches).toEqual([]);
  }

  // Cleo finds Dev, and sees his photos in Sam's chat; Dev is shown Cleo as well.
  await search(cleo.page);
  await expect(cleo.page.getByText("Potential matches found! Visit Sam to view user photos.")).toBeVisible();
  await cleo.page.goto("/");
  const review = cleo.page.getByRole("region", { name: "Photo review" });
  await expect(review).toBeVisible({ timeout: 20_000 });
  await expect(review.getByRole("img").first()).toHaveAttribute("src", new RegExp(dev.id));
  await dev.page.goto("/");
  await expect(dev.page.getByRole("region", { name: "Photo review" }).getByRole("img").first()).toHaveAttribute(
    "src",
    new RegExp(cleo.id),
  );
  // Neither Portland person ever reached Denver's, nor each other.
  const cleos = await (await cleo.page.request.get("/api/matches")).json();
  expect(cleos.matches.map((m: { id: string }) => m.id)).toEqual([dev.id]);
});
