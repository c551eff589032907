import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { makeImage } from "../fixtures/images.ts";
import { expect, test } from "../fixtures/test.ts";

test.use({ personName: "Pat" });

/** Opens the upload screen; the page's person is signed in already (the `signedInPage` fixture). */
async function openUpload(page: Page) {
  await page.goto("/photo-upload");
  await expect(page.getByRole("heading", { level: 1, name: "Upload Photos" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Photo" })).toBeEnabled();
}

async function pick(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Add Photo" }).click();
  await (await chooser).setFiles(file);
}

async function addPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await pick(page, file);
  await expect(page.getByRole("group", { name: "Crop area" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm Crop" }).click();
  await expect(page.getByRole("button", { name: "Add Photo" })).toBeVisible();
}

const progress = (page: Page) => page.getByRole("progressbar", { name: "Photos added" });

test("upload three photos, crop one by keyboard, delete one, save, and see them on return", async ({
  signedInPage: page,
}) => {
  await openUpload(page);
  await expect(page.getByText("Upload at least 2 more photo(s)")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "0");

  await addPhoto(page, { name: "one.png", mimeType: "image/png", buffer: await makeImage(800, 600, "png", 10) });
  await expect(page.getByText("Upload at least 1 more photo(s)")).toBeVisible();

  // The second one is cropped by keyboard: 1 px, 10 with Shift, 100 with Ctrl.
  await pick(page, { name: "two.jpg", mimeType: "image/jpeg", buffer: await makeImage(1600, 700, "jpeg", 200) });
  const cropArea = page.getByRole("group", { name: "Crop area" });
  // 'crop … cannot be smaller than the scaled 560 px minimum': zoom stops at 700 / 560.
  await expect(page.getByRole("slider", { name: "Zoom" })).toHaveAttribute("max", "1.25");
  await cropArea.focus();
  const position = () =>
    cropArea.evaluate((el) => {
      const transform = el.parentElement?.querySelector("img")?.style.transform ?? "";
      return Number(/translate\((-?[\d.]+)px/.exec(transform)?.[1] ?? Number.NaN);
    });
  const start = await position();
  await page.keyboard.press("ArrowRight");
  expect(await position()).toBeCloseTo(start - 1, 5);
  await page.keyboard.press("Shift+ArrowRight");
  expect(await position()).toBeCloseTo(start - 11, 5);
  await page.keyboard.press("Control+ArrowRight");
  expect(await position()).toBeCloseTo(start - 111, 5);
  await page.keyboard.press("Meta+ArrowLeft");
  expect(await position()).toBeCloseTo(start - 11, 5);
  await page.getByRole("button", { name: "Confirm Crop" }).click();
  await expect(page.getByText("3 slots remaining")).toBeVisible();

  await addPhoto(page, { name: "three.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 90) });
  await expect(page.getByText("2 slots remaining")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "3");
  const grid = page.getByRole("list", { name: "Your photos" });
  await expect(grid.getByRole("img")).toHaveCount(3);

  await grid.getByRole("button", { name: "Delete photo 1" }).click();
  await expect(grid.getByRole("img")).toHaveCount(2);
  await expect(page.getByText("3 slots remaining")).toBeVisible();

  await page.getByRole("button", { name: "Save Photos" }).click();
  await expect(page.getByText("Photos saved successfully!")).toBeVisible();
  // 'After 1 second, return to /settings.'
  await expect(page).toHaveURL("/settings", { timeout: 5_000 });
  const requirements = page.getByRole("region", { name: "Requirements" });
  await expect(requirements.getByText("Photos uploaded (done)")).toBeVisible();

  await page.goto("/photo-upload");
  await expect(grid.getByRole("img")).toHaveCount(2);
  await expect(page.getByText("3 slots remaining")).toBeVisible();
  // What the server stored: two 560×560 JPEGs, served to their owner.
  const stored = await page.evaluate(async () => {
    const { photos } = (await (await fetch("/api/photos")).json()) as { photos: string[] };
    return Promise.all(photos.map(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer()))));
  });
  expect(stored).toHaveLength(2);
  for (const bytes of stored) {
    const meta = await sharp(Buffer.from(bytes)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 560, 560]);
  }
});

test("'Please upload an image file' and 'Images must be at least 560x560 pixels'", async ({ signedInPage: page }) => {
  await openUpload(page);
  await pick(page, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByRole("alert")).toHaveText("Please upload an image file");
  await pick(page, { name: "small.png", mimeType: "image/png", buffer: await makeImage(600, 559, "png") });
  await expect(page.getByRole("alert")).toHaveText("Images must be at least 560x560 pixels");
  await expect(page.getByRole("group", { name: "Crop area" })).toHaveCount(0);
});

test("'Saving needs at least 2' ('Please upload at least 2 photos'); Cancel discards the crop; at most 5", async ({
  signedInPage: page,
}) => {
  await openUpload(page);
  await pick(page, { name: "a.png", mimeType: "image/png", buffer: await makeImage(700, 700, "png") });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("list", { name: "Your photos" })).toHaveCount(0);
  await addPhoto(page, { name: "a.png", mimeType: "image/png", buffer: await makeImage(700, 700, "png") });
  await page.getByRole("button", { name: "Save Photos" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please upload at least 2 photos");
  for (let i = 0; i < 4; i += 1) {
    await addPhoto(page, {
      name: `p${i}.png`,
      mimeType: "image/png",
      buffer: await makeImage(600, 600, "png", i * 40),
    });
  }
  await expect(page.getByText("Maximum photos uploaded")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Photo" })).toBeDisabled();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "5");
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page).toHaveURL("/settings");
});

test("'Failed to save photos. Please try again.' when the server refuses", async ({ signedInPage: page }) => {
  await openUpload(page);
  await addPhoto(page, { name: "a.png", mimeType: "image/png", buffer: await makeImage(700, 700, "png") });
  await addPhoto(page, { name: "b.png", mimeType: "image/png", buffer: await makeImage(700, 700, "png", 50) });
  await page.route("**/api/photos", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 503, json: { error: { status: "UNAVAILABLE", message: "down" } } })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Save Photos" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to save photos. Please try again.");
  await expect(page).toHaveURL("/photo-upload");
});

test("'Could not load existing photos.' when loading fails", async ({ signedInPage: page }) => {
  await page.route("**/api/photos", (route) =>
    route.fulfill({ status: 503, json: { error: { status: "UNAVAILABLE", message: "down" } } }),
  );
  await page.goto("/photo-upload");
  await expect(page.getByText("Could not load existing photos.")).toBeVisible();
});

test("the upload and crop screens have no serious accessibility violation", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openUpload(page);
  const check = () => expectNoSeriousAxeViolations(page);
  await addPhoto(page, { name: "a.png", mimeType: "image/png", buffer: await makeImage(700, 700, "png") });
  await check();
  await pick(page, { name: "b.png", mimeType: "image/png", buffer: await makeImage(900, 700, "png", 30) });
  await check();
});
