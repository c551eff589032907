import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import { MATCHES_PATH } from "@sams-web/domain/matching/contracts";
import { PHOTOS_MESSAGES, photoMovedAnnouncement, photoRemovedAnnouncement } from "@sams-web/domain/photos/messages";
import { makeImage } from "../fixtures/images.ts";
import { expect, type TestFixtures, test } from "../fixtures/test.ts";

// Settings' "Your photos", after the first upload: the owner sees their photos, moves one by
// keyboard (each move said aloud), makes another the main photo, removes one (asked once, never
// below 2), and goes to the upload page to add more and comes back to the section. A second person,
// shown the owner's photos in their photo review, sees the new main photo first.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

const SCREENS = process.env.SCREENSHOT_DIR;

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A person with `count` photos of their own (each a different picture), in a browser of their own. */
async function personWithPhotos(
  browser: Browser,
  signUp: TestFixtures["signUp"],
  name: string,
  viewport: { width: number; height: number },
  count: number,
  look: number,
  hasTouch = false,
) {
  const context = await browser.newContext({ viewport, hasTouch });
  const person = await signUp(context, name);
  const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (let i = 0; i < count; i += 1) {
    multipart[`photo${i}`] = {
      name: `photo${i}.jpg`,
      mimeType: "image/jpeg",
      buffer: await makeImage(560, 560, "jpeg", 70 * i + 20 * look, (look + i) % 9),
    };
  }
  const response = await context.request.put("/api/photos", { multipart });
  expect(response.ok()).toBe(true);
  const { photos } = (await response.json()) as { photos: string[] };
  return { ...person, page: await context.newPage(), photos };
}

for (const size of SIZES) {
  test(`on a ${size.name}, a person reorders their photos by keyboard, picks a main photo, removes one, and adds more`, async ({
    browser,
    signUp,
    db,
  }) => {
    // Two people in two browsers, three photo uploads and four axe scans.
    test.setTimeout(180_000);
    const owner = await personWithPhotos(browser, signUp, "Rosa", size.viewport, 3, 1);
    const viewer = await personWithPhotos(browser, signUp, "Theo", size.viewport, 2, 5);
    // Theo is at Rosa's photo review.
    await db.query(
      "insert into matches (user_id, candidate_id, status, score) values ($1, $2, 'photoValidation', 88)",
      [viewer.id, owner.id],
    );
    const [first, second, third] = owner.photos as [string, string, string];
    const page = owner.page;

    await page.goto("/settings");
    const banner = page.getByRole("dialog", { name: "Cookie Preferences" });
    if (await banner.isVisible()) await banner.getByRole("button", { name: "Accept All" }).click();
    const section = page.getByRole("region", { name: "Your photos" });
    await expect(section).toBeVisible();
    await expect(section).toContainText(PHOTOS_MESSAGES.photosSectionIntro);
    const list = section.getByRole("list", { name: "Your photos, main photo first" });
    const shown = () => list.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    await expect(list.getByRole("img")).toHaveCount(3);
    expect(await shown()).toEqual([first, second, third]);
    await expect(list.getByRole("img", { name: "Photo 1 of 3, your main photo" })).toBeVisible();
    // Each photo is drawn, not a broken image.
    for (const img of await list.getByRole("img").all()) {
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(560);
    }
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await section.screenshot({ path: `${SCREENS}/settings-photos-${size.name}.png` });

    // By keyboard alone: the first photo moves later, and the live region says where it went.
    const live = section.getByRole("status");
    await section.getByRole("button", { name: "Move later (photo 1)" }).focus();
    await page.keyboard.press("Enter");
    await expect(live).toHaveText(photoMovedAnnouncement(1, 2, 3));
    await expect.poll(shown).toEqual([second, first, third]);
    // Focus stays with the photo that moved, so pressing on moves it further.
    await expect(section.getByRole("button", { name: "Move later (photo 2)" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(live).toHaveText(photoMovedAnnouncement(2, 3, 3));
    await expect.poll(shown).toEqual([second, third, first]);
    // At the end of the list "Move later" is off; focus is still on that photo.
    await expect(section.getByRole("button", { name: "Move later (photo 3)" })).toBeDisabled();
    await expect(section.getByRole("button", { name: "Move earlier (photo 3)" })).toBeFocused();

    // The last photo (the one that was first) becomes the main photo again, by Tab and Enter.
    await page.keyboard.press("Tab");
    await expect(section.getByRole("button", { name: "Make main photo (photo 3)" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(live).toHaveText(photoMovedAnnouncement(3, 1, 3));
    await expect.poll(shown).toEqual([first, second, third]);
    // Now photo 3 (the former second) is made the main photo, which is what Theo sees first.
    await section.getByRole("button", { name: "Make main photo (photo 3)" }).click();
    await expect(live).toHaveText(photoMovedAnnouncement(3, 1, 3));
    await expect.poll(shown).toEqual([third, first, second]);
    await page.reload();
    await expect.poll(shown).toEqual([third, first, second]);
    const theirView = await viewer.page.request.get(MATCHES_PATH);
    const match = ((await theirView.json()) as { matches: { id: string; photos: string[] }[] }).matches.find(
      (m) => m.id === owner.id,
    );
    expect(match?.photos).toEqual([third, first, second]);
    await viewer.page.goto("/");
    const review = viewer.page.getByRole("region", { name: "Photo review" });
    await expect(review.getByRole("img", { name: "Your potential match, 1 of 3" })).toHaveAttribute("src", third);

    // Remove asks once; "Keep it" keeps it.
    await section.getByRole("button", { name: "Remove (photo 2)" }).click();
    await expect(section.getByText(PHOTOS_MESSAGES.photoRemoveConfirm)).toBeVisible();
    await expect(section.getByRole("button", { name: "Remove photo 2" })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await section.screenshot({ path: `${SCREENS}/settings-photos-remove-asks-${size.name}.png` });
    await section.getByRole("button", { name: "Keep it" }).click();
    await expect(section.getByRole("button", { name: "Remove (photo 2)" })).toBeFocused();
    await expect(list.getByRole("img")).toHaveCount(3);
    await section.getByRole("button", { name: "Remove (photo 2)" }).click();
    await section.getByRole("button", { name: "Remove photo 2" }).click();
    await expect(live).toHaveText(photoRemovedAnnouncement(2, 2));
    await expect.poll(shown).toEqual([third, second]);
    // Theo's open photo review follows at once: two photos now.
    await expect(review.getByRole("img", { name: "Your potential match, 1 of 2" })).toBeVisible();

    // At the minimum of 2 nothing more can be removed, and the section says why.
    await expect(section.getByRole("button", { name: "Remove (photo 1)" })).toBeDisabled();
    await expect(section.getByRole("button", { name: "Remove (photo 2)" })).toBeDisabled();
    await expect(section.getByText(PHOTOS_MESSAGES.photoRemoveBelowMinimum)).toBeVisible();
    await expect(section.getByText("3 slots remaining")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await section.screenshot({ path: `${SCREENS}/settings-photos-minimum-${size.name}.png` });

    // More photos come from the upload page, which starts from the saved ones and leads back here.
    await section.getByRole("link", { name: "Add photos" }).click();
    await expect(page).toHaveURL("/photo-upload");
    await expect(page.getByRole("list", { name: "Your photos" }).getByRole("img")).toHaveCount(2);
    await page.getByRole("link", { name: "Back to Settings" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(section.getByRole("heading", { name: "Your photos" })).toBeInViewport();
  });
}

/** The middle of an element, in the viewport's coordinates. */
async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Where a drag in the photo list starts and ends: the middles of its `from`th and `to`th pictures
 * (0-based), with the second photo scrolled to the middle of the screen so both are in view.
 */
async function dragEnds(list: Locator, from: number, to: number) {
  await list
    .getByRole("listitem")
    .nth(1)
    .evaluate((el) => el.scrollIntoView({ block: "center" }));
  return { from: await centre(list.getByRole("img").nth(from)), to: await centre(list.getByRole("img").nth(to)) };
}

for (const size of SIZES) {
  test(`on a ${size.name}, a person drags a photo to its place with a mouse and with a finger`, async ({
    browser,
    signUp,
  }) => {
    test.setTimeout(120_000);
    const owner = await personWithPhotos(browser, signUp, "Ines", size.viewport, 3, 2, true);
    const [first, second, third] = owner.photos as [string, string, string];
    const page = owner.page;
    await page.goto("/settings");
    const banner = page.getByRole("dialog", { name: "Cookie Preferences" });
    if (await banner.isVisible()) await banner.getByRole("button", { name: "Accept All" }).click();
    const section = page.getByRole("region", { name: "Your photos" });
    // The drag comes in a chunk of its own after the list; a busy machine can take a while.
    await expect(section.getByText(PHOTOS_MESSAGES.photosDragHint)).toBeVisible({ timeout: 30_000 });
    const list = section.getByRole("list", { name: "Your photos, main photo first" });
    const shown = () => list.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    const live = section.getByRole("status");
    const dragging = list.locator("li[data-dragging]");
    await expect.poll(shown).toEqual([first, second, third]);

    // A mouse drags the third photo up onto the second's place.
    const { from, to } = await dragEnds(list, 2, 1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y - 10, { steps: 2 });
    await expect(dragging).toHaveCount(1);
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await expect(live).toHaveText(photoMovedAnnouncement(3, 2, 3));
    await expect.poll(shown).toEqual([first, third, second]);
    await expect(dragging).toHaveCount(0);
    // A click on a picture is not a drag: nothing moves.
    await list.getByRole("img").nth(0).click();
    await expect.poll(shown).toEqual([first, third, second]);

    // A finger holds the main photo until it lifts, then slides it down onto the second place.
    const { from: start, to: end } = await dragEnds(list, 0, 1);
    const touch = await page.context().newCDPSession(page);
    const point = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(start) });
    // The drag starts once the finger has rested on the picture (no movement yet).
    await expect(dragging).toHaveCount(1);
    for (let step = 1; step <= 8; step += 1) {
      const y = start.y + ((end.y - start.y) * step) / 8;
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point({ x: start.x, y }) });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(live).toHaveText(photoMovedAnnouncement(1, 2, 3));
    await expect.poll(shown).toEqual([third, first, second]);
    await expect(list.getByRole("img", { name: "Photo 1 of 3, your main photo" })).toHaveAttribute("src", third);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

    // The order is saved, not only shown.
    await page.reload();
    await expect.poll(shown).toEqual([third, first, second]);
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page);
    if (SCREENS) await section.screenshot({ path: `${SCREENS}/settings-photos-dragged-${size.name}.png` });
  });
}

test("Settings' Close goes back past a visit to the photo upload page, to where Settings was opened from", async ({
  browser,
  signUp,
}) => {
  test.setTimeout(120_000);
  const owner = await personWithPhotos(browser, signUp, "Noor", SIZES[1].viewport, 2, 3);
  const page = owner.page;
  const section = page.getByRole("region", { name: "Your photos" });
  const close = page.getByRole("button", { name: "Close settings" });
  const openSettingsFromYourWeb = async () => {
    await page.goto("/your-web");
    const banner = page.getByRole("dialog", { name: "Cookie Preferences" });
    if (await banner.isVisible()) await banner.getByRole("button", { name: "Accept All" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL("/settings");
  };
  const addPhotos = async () => {
    await section.getByRole("link", { name: "Add photos" }).click();
    await expect(page).toHaveURL("/photo-upload");
    await expect(page.getByRole("list", { name: "Your photos" }).getByRole("img")).toHaveCount(2);
  };

  // Your web → Settings → upload page → Back to Settings → upload page again → Back → Close: Your web.
  await openSettingsFromYourWeb();
  await addPhotos();
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(section.getByRole("heading", { name: "Your photos" })).toBeInViewport();
  await addPhotos();
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page).toHaveURL("/settings");
  await close.click();
  await expect(page).toHaveURL("/your-web");

  // The same after saving on the upload page, which brings the person back to Settings by itself.
  await openSettingsFromYourWeb();
  await addPhotos();
  await page.getByRole("button", { name: "Save Photos" }).click();
  await expect(page.getByText(PHOTOS_MESSAGES.photosSaved)).toBeVisible();
  await expect(page).toHaveURL("/settings");
  await expect(section.getByRole("heading", { name: "Your photos" })).toBeInViewport();
  await close.click();
  await expect(page).toHaveURL("/your-web");

  // Settings opened straight from its address: nothing of ours behind it, so Close goes to Sam.
  await page.goto("/settings");
  await addPhotos();
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page).toHaveURL("/settings");
  await close.click();
  await expect(page).toHaveURL("/");
});
