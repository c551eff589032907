import { MESSAGES } from "@sams-web/domain/shared/messages";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { expect, test } from "../fixtures/test.ts";

// Every route renders a real page, typed straight into the address bar.
const ROUTES: { path: string; heading: RegExp }[] = [
  { path: "/", heading: /Sam/ },
  { path: "/settings", heading: /Sam/ }, // a guest sees the home screen
  { path: "/terms", heading: /^Terms and Conditions$/ },
  { path: "/privacy", heading: /^Privacy Policy$/ },
  { path: "/verify-email", heading: /Verif/ },
  { path: "/faq", heading: /^Frequently Asked Questions$/ },
  { path: "/reset-password", heading: /^Forgot Your Password\?$/ },
  { path: "/match-confirmation", heading: /^Your Pending Match$/ },
  { path: "/california-privacy", heading: /^California Privacy Statement$/ },
  { path: "/privacy-settings", heading: /Privacy Settings/ },
  { path: "/photo-upload", heading: /Sam/ }, // a guest sees the home screen
];

for (const route of ROUTES) {
  test(`${route.path} renders its page with no serious accessibility violation`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expectNoSeriousAxeViolations(page);
  });
}

test("an unknown path shows a not-found page with a way home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This thread leads nowhere");
  await page.getByRole("main").getByRole("link", { name: "Back to Sam's Web" }).click();
  await expect(page).toHaveURL("/");
});

test("the header's logo and title link home", async ({ page }) => {
  await page.goto("/faq");
  await page.getByRole("banner").getByRole("link", { name: "Sam's Web" }).click();
  await expect(page).toHaveURL("/");
});

test("a guest sees the Sign Up / Log In button", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" })).toBeVisible();
});

test("the footer links go where they should, with this year's copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await footer.getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy & Cookies" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(
    page.getByRole("contentinfo").getByRole("list", { name: "Sam's Web elsewhere" }).getByRole("link"),
  ).toHaveCount(3);
});

test("legal pages link where they should", async ({ page }) => {
  await page.goto("/terms");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/faq");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await page.goto("/privacy");
  await expect(page.locator('main a[href="/california-privacy"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/"]').first()).toBeVisible();
  await page.goto("/california-privacy");
  for (const href of ["/privacy-settings", "/", "/privacy"]) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
});

test("each legal page's table of contents lists its sections, and every in-page link leads to a heading", async ({
  page,
}) => {
  const sections = { "/terms": 13, "/privacy": 21, "/faq": 13, "/california-privacy": 14 };
  for (const [path, count] of Object.entries(sections)) {
    await page.goto(path);
    const contents = page.getByRole("navigation", { name: "Table of contents" });
    await expect(contents.getByRole("listitem"), path).toHaveCount(count);
    const missing = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href^="#"]'))
        .map((link) => decodeURIComponent(link.hash.slice(1)))
        .filter((id) => !document.getElementById(id)?.matches("h2, h3")),
    );
    expect(missing, path).toEqual([]);
  }
});

test("the offline banner appears while offline and leaves when back online", async ({ page, context }) => {
  await page.goto("/");
  const banner = page.getByText("Working offline - Some features may be limited");
  await expect(banner).toBeHidden();
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test("the layout fits a 360 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/terms", "/privacy", "/faq"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("a screen whose code fails to download is fetched again, so a dropped connection does not take it down", async ({
  page,
}) => {
  let tries = 0;
  await page.route("**/assets/faq-page-*.js", async (route) => {
    tries += 1;
    if (tries === 1) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  expect(tries).toBe(2);
});

test("a screen whose code never arrives says so and offers to try again; the header and footer stay", async ({
  page,
}) => {
  test.setTimeout(30_000);
  await page.route("**/assets/faq-page-*.js", (route) => route.abort("internetdisconnected"));
  await page.goto("/faq");
  await expect(page.getByRole("alert")).toContainText(
    "This page could not be loaded. Check your connection and try again.",
    { timeout: 15_000 },
  );
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /Sam's Web/ })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  // Once the code arrives, Try again shows the page.
  await page.unroute("**/assets/faq-page-*.js");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
});

// A signed-in screen's chunk is loaded by the router itself (SignedInOnly), not by a Suspense
// boundary, so its retries and its giving up are walked on their own: Settings here.
const SETTINGS_CHUNK = "**/assets/settings-page-*.js";

test("a signed-in screen whose code fails to download is fetched again and shown", async ({ signedInPage: page }) => {
  let tries = 0;
  await page.route(SETTINGS_CHUNK, async (route) => {
    tries += 1;
    if (tries === 1) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Your Settings" })).toBeVisible();
  expect(tries).toBe(2);
});

test("a signed-in screen whose code never arrives stops loading, says so, and shows the screen once it can", async ({
  signedInPage: page,
}) => {
  test.setTimeout(30_000);
  await page.route(SETTINGS_CHUNK, (route) => route.abort("internetdisconnected"));
  await page.goto("/settings");
  await expect(page.getByRole("alert")).toContainText(MESSAGES.screenLoadFailed, { timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: /Sam's Web/ })).toBeVisible();

  await page.unroute(SETTINGS_CHUNK);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Settings" })).toBeVisible();
});
