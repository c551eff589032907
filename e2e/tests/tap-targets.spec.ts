import type { Locator, Page } from "@playwright/test";
import { makeImage } from "../fixtures/images.ts";
import { expect, test } from "../fixtures/test.ts";

// On a phone, every control a finger uses is at least 44×44 px: the header's greeting, the
// footer's links, the settings sliders and switches, and a photo's Delete button.

test.use({ viewport: { width: 390, height: 844 }, personName: "Robin" });

const FINGER_PX = 44;

/** Every element `locator` matches, each at least a finger's size (and there is at least one). */
async function expectFingerSized(locator: Locator) {
  const count = await locator.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const element = locator.nth(i);
    await element.scrollIntoViewIfNeeded();
    const box = await element.boundingBox();
    const name = (await element.getAttribute("aria-label")) ?? (await element.textContent()) ?? "";
    expect(box?.width, `width of ${name.trim()}`).toBeGreaterThanOrEqual(FINGER_PX);
    expect(box?.height, `height of ${name.trim()}`).toBeGreaterThanOrEqual(FINGER_PX);
  }
}

const footerLinks = (page: Page) => page.locator("footer").getByRole("link");

test("settings and privacy settings: sliders, switches, the greeting and the footer", async ({
  page,
  person,
}, testInfo) => {
  await page.goto("/settings");
  await expect(page.getByLabel("Display name")).toHaveValue(person.name);
  await page.getByRole("button", { name: "Accept All" }).click();
  await expectFingerSized(page.getByRole("slider"));
  await expectFingerSized(page.getByRole("switch", { name: "Still Looking" }));
  await page.getByRole("switch", { name: "Still Looking" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("settings-switch-phone.png") });
  await page.getByRole("slider").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("settings-sliders-phone.png") });
  await expectFingerSized(page.getByRole("banner").getByRole("link", { name: `Welcome, ${person.name}!` }));
  await expectFingerSized(footerLinks(page));

  await page.goto("/privacy-settings");
  await expect(page.getByRole("switch").first()).toBeVisible();
  await expectFingerSized(page.getByRole("switch"));
  await page.screenshot({ path: testInfo.outputPath("privacy-settings-phone.png") });
});

test("a photo's Delete button", async ({ page, context, person: _signedIn }, testInfo) => {
  const uploaded = await context.request.put("/api/photos", {
    multipart: {
      photo0: { name: "photo0.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 40) },
      photo1: { name: "photo1.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 160) },
    },
  });
  expect(uploaded.ok()).toBe(true);
  await page.goto("/photo-upload");
  await expect(page.getByRole("button", { name: /^Delete photo/ })).toHaveCount(2);
  await expectFingerSized(page.getByRole("button", { name: /^Delete photo/ }));
  await page.screenshot({ path: testInfo.outputPath("photo-delete-phone.png") });
});
