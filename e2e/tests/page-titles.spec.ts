import { expect, test } from "@playwright/test";
import { APP_PATHS, documentTitle } from "@sams-web/domain/shell/routes";

test("each page names itself in the browser tab; a path that is no page is a 404 with the not-found page", async ({
  page,
}) => {
  for (const path of Object.values(APP_PATHS)) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(documentTitle(path));
  }
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found — Sam's Web");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This thread leads nowhere");
  // Moving inside the app renames the tab too.
  await page.goto("/terms");
  await expect(page).toHaveTitle("Terms of Service — Sam's Web");
  await page.getByRole("banner").getByRole("link", { name: "Sam's Web" }).click();
  await expect(page).toHaveURL("/");
  await expect(page).toHaveTitle("Sam's Web");
});
