import type { Page } from "@playwright/test";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { mailTo } from "../fixtures/people.ts";
import { expect, type Person, test } from "../fixtures/test.ts";

test.use({ personName: "Dana" });

/** A birthday `years` years ago today (local date), as the date input wants it. */
function yearsAgo(years: number): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear() - years}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Opens the settings of the test's new person, who is signed in already. */
async function openSettings(page: Page, person: Person) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Your Settings" })).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue(person.name);
}

const slider = (page: Page, name: string) => page.getByRole("slider", { name });

test("fill the whole dashboard and see it saved after reload ('Auto-saved after a 750 ms debounce')", async ({
  page,
  person,
}) => {
  await openSettings(page, person);
  await page.getByLabel("Display name").fill("Dana <Q>");
  await page.getByRole("group", { name: "I am a" }).getByRole("button").click();
  const seeking = page.getByRole("group", { name: "Seeking a" }).getByRole("button");
  await seeking.click();
  await seeking.click();
  await expect(page.getByRole("group", { name: "I am a" }).getByRole("button")).toHaveText("Man");
  await expect(seeking).toHaveText("Woman");
  await page.getByLabel("ZIP code").fill("94110");
  await slider(page, "Search radius").focus();
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("499 miles of ZIP code")).toBeVisible();
  await page.getByLabel("Birthday").fill(yearsAgo(40));
  await expect(page.getByText("You are 40.")).toBeVisible();
  await slider(page, "Youngest age").focus();
  await page.keyboard.press("Home");
  await slider(page, "Oldest age").focus();
  await page.keyboard.press("End");
  await expect(page.getByText("Show me people aged 20 to 60.")).toBeVisible();
  // The colour on each age slider covers the ages shown: right of the youngest's thumb, left of
  // the oldest's (the youngest at its lowest colours its whole track).
  const filled = async (name: string) =>
    slider(page, name).evaluate((thumb) => {
      const fill = thumb.closest("[data-slider]")?.querySelector("[data-fill]");
      const t = thumb.getBoundingClientRect();
      const f = fill?.getBoundingClientRect();
      return f ? { left: f.left, right: f.right, thumb: t.left + t.width / 2 } : null;
    });
  const youngest = await filled("Youngest age");
  expect(youngest!.right).toBeGreaterThan(youngest!.thumb + 100);
  const oldest = await filled("Oldest age");
  expect(oldest!.left).toBeLessThan(oldest!.thumb - 100);

  await expect(page.getByText("Settings saved!")).toBeVisible();
  await expect(page.getByText("Name updated successfully!")).toBeVisible();
  // The header greets by the new, sanitised name.
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Dana Q!" })).toBeVisible();
  // 'Settings saved!' shown 2 seconds.
  await expect(page.getByText("Settings saved!")).toBeHidden({ timeout: 4_000 });

  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Dana Q");
  await expect(page.getByRole("group", { name: "I am a" }).getByRole("button")).toHaveText("Man");
  await expect(page.getByRole("group", { name: "Seeking a" }).getByRole("button")).toHaveText("Woman");
  await expect(page.getByLabel("ZIP code")).toHaveValue("94110");
  await expect(slider(page, "Search radius")).toHaveAttribute("aria-valuenow", "499");
  await expect(page.getByLabel("Birthday")).toHaveValue(yearsAgo(40));
  await expect(slider(page, "Youngest age")).toHaveAttribute("aria-valuenow", "20");
  await expect(slider(page, "Oldest age")).toHaveAttribute("aria-valuenow", "60");
});

test("slider rules: radius 1 to 500 'of ZIP code'; minimum age from 18 and at most age − 5; maximum age + 5 to + 20", async ({
  page,
  person,
}) => {
  await openSettings(page, person);
  const radius = slider(page, "Search radius");
  await expect(radius).toHaveAttribute("aria-valuenow", "25");
  await expect(radius).toHaveAttribute("aria-valuemin", "1");
  await expect(radius).toHaveAttribute("aria-valuemax", "500");
  await expect(page.getByText("25 miles of ZIP code")).toBeVisible();

  await expect(page.getByText("Please enter a valid birthday to set age preferences")).toBeVisible();
  await expect(page.getByRole("slider", { name: "Youngest age" })).toHaveCount(0);

  await page.getByLabel("Birthday").fill(yearsAgo(30));
  await expect(slider(page, "Youngest age")).toHaveAttribute("aria-valuemin", "18");
  await expect(slider(page, "Youngest age")).toHaveAttribute("aria-valuemax", "25");
  await expect(slider(page, "Oldest age")).toHaveAttribute("aria-valuemin", "35");
  await expect(slider(page, "Oldest age")).toHaveAttribute("aria-valuemax", "50");

  await page.getByLabel("Birthday").fill(yearsAgo(50));
  await expect(slider(page, "Youngest age")).toHaveAttribute("aria-valuemin", "30");
  await expect(slider(page, "Youngest age")).toHaveAttribute("aria-valuemax", "45");

  // At 21 the 18-year floor pins the minimum age.
  await page.getByLabel("Birthday").fill(yearsAgo(21));
  await expect(page.getByText("Youngest age: 18")).toBeVisible();

  // Under 18 is refused and nothing is saved.
  await page.getByLabel("Birthday").fill(yearsAgo(17));
  await expect(page.getByText("You must be at least 18 years old to use Sam's Web.")).toBeVisible();
  await expect(page.getByText("Please enter a valid birthday to set age preferences")).toBeVisible();
});

test("'Auto-saved after a 750 ms debounce, not while a slider is dragged'", async ({ page, person }) => {
  await openSettings(page, person);
  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().endsWith("/api/profile")) saves.push(request.postData() ?? "");
  });
  const thumb = slider(page, "Search radius");
  await thumb.scrollIntoViewIfNeeded();
  const box = await thumb.boundingBox();
  if (!box) throw new Error("no slider thumb");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
  await page.waitForTimeout(1_500);
  expect(saves).toEqual([]);
  await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 3 });
  await page.waitForTimeout(1_500);
  expect(saves).toEqual([]);
  const shown = await thumb.getAttribute("aria-valuenow");
  expect(Number(shown)).toBeGreaterThan(25);
  await page.mouse.up();
  await expect(page.getByText("Settings saved!")).toBeVisible();
  expect(saves).toEqual([JSON.stringify({ searchRadius: Number(shown) })]);
});

test("ZIP code: five digits, US only ('ZIP code not found. Please enter a valid US ZIP code.')", async ({
  page,
  person,
}) => {
  await openSettings(page, person);
  const zip = page.getByLabel("ZIP code");
  await zip.fill("9411");
  await expect(page.getByText("Please enter a 5-digit US ZIP code.")).toBeVisible();
  await zip.fill("00000");
  await expect(page.getByText("ZIP code not found. Please enter a valid US ZIP code.")).toBeVisible();
  await zip.fill("10001");
  await expect(page.getByText("Settings saved!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("ZIP code")).toHaveValue("10001");
});

test("display name is required on settings", async ({ page, person }) => {
  await openSettings(page, person);
  await page.getByLabel("Display name").fill(" <> ");
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await page.waitForTimeout(1_200);
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Dana");
});

test("'The toggle is disabled until email is verified, chat complete and pictures uploaded'", async ({
  page,
  person,
  db,
}) => {
  await openSettings(page, person);
  const status = page.getByRole("switch", { name: "Still Looking" });
  await expect(status).toBeDisabled();
  const requirements = page.getByRole("region", { name: "Requirements" });
  await expect(requirements.getByRole("listitem")).toHaveCount(6);
  await expect(requirements.getByRole("link", { name: "Upload photos" })).toHaveAttribute("href", "/photo-upload");
  await expect(requirements.getByRole("link", { name: "Chat with Sam" })).toHaveAttribute("href", "/");

  await db.setProfileFlags(person.id, { verified: true, chatComplete: true });
  await page.reload();
  await expect(status).toBeDisabled();

  await db.setProfileFlags(person.id, { picturesUploaded: true });
  await page.reload();
  await expect(status).toBeEnabled();
  await expect(requirements.getByText("Verified email (done)")).toBeVisible();
  // Off, the words beside the switch say so; on, they no longer say "Unavailable".
  await expect(status).toHaveAccessibleDescription(/^Off \(Unavailable\)/);
  await status.click();
  await expect(page.getByText("Status updated to still looking")).toBeVisible();
  await expect(status).toBeChecked();
  await expect(status).toHaveAccessibleDescription(/^On: /);
  await expect(page.getByRole("region", { name: "Status" })).not.toContainText("Unavailable");
  await expect(requirements.getByRole("link", { name: "Set status" })).toHaveCount(0);
  await page.reload();
  await expect(status).toBeChecked();
  await status.click();
  await expect(page.getByText("Status updated to unavailable")).toBeVisible();
  await expect(status).not.toBeChecked();
});

test("Close goes back where Settings was opened from, and to the chat when opened directly", async ({
  page,
  person,
}) => {
  await openSettings(page, person);
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(page).toHaveURL("/");

  await page.goto("/your-web");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByLabel("Display name")).toHaveValue(person.name);
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(page).toHaveURL("/your-web");
});

test("the settings screen has no serious accessibility violation and fits a 360 px phone", async ({ page, person }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSettings(page, person);
  await page.getByLabel("Birthday").fill(yearsAgo(35));
  await expect(page.getByRole("slider", { name: "Youngest age" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("on a phone, 'Settings saved!' shows where the change was made, above the cookie banner, and takes no room at the top", async ({
  page,
  person,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettings(page, person);
  // The checklist follows the heading directly: no empty line kept for a notice.
  const heading = await page.getByRole("heading", { level: 1, name: "Your Settings" }).boundingBox();
  const checklist = await page.getByRole("heading", { name: "Requirements" }).boundingBox();
  expect((checklist?.y ?? 0) - ((heading?.y ?? 0) + (heading?.height ?? 0))).toBeLessThan(100);

  // A change far down the page, with the cookie banner still open.
  await expect(page.getByRole("button", { name: "Accept All" })).toBeVisible();
  await slider(page, "Search radius").focus();
  await page.keyboard.press("ArrowRight");
  const notice = page.getByText("Settings saved!");
  await expect(notice).toBeVisible();
  const seen = await notice.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const inView = r.top >= 0 && r.bottom <= window.innerHeight;
    return inView && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === element;
  });
  expect(seen).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("settings-saved-phone.png") });
});

// Known regression, to be fixed first: since Settings gained its Notifications and
// Non-negotiables sections, a profile that fails to load leaves the page on its loading skeleton
// instead of 'Error loading search data.'. The test stays, marked, until the page is fixed.
test("'Failed to save settings.' when a save fails, and 'Error loading search data.' when loading fails", async ({
  page,
  person,
}) => {
  await openSettings(page, person);
  await page.route("**/api/profile", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 503, json: { error: { status: "UNAVAILABLE", message: "down" } } })
      : route.continue(),
  );
  await page.getByRole("group", { name: "I am a" }).getByRole("button").click();
  await expect(page.getByRole("alert")).toHaveText("Failed to save settings.");

  await page.unroute("**/api/profile");
  await page.route("**/api/profile", (route) =>
    route.fulfill({ status: 503, json: { error: { status: "UNAVAILABLE", message: "down" } } }),
  );
  await page.reload();
  await expect(page.getByText("Error loading search data.")).toBeVisible();
});

test("once the interview is done, the verified-email page leads on to Settings, the chat one tap away", async ({
  page,
  person,
  db,
}) => {
  await db.setProfileFlags(person.id, { chatComplete: true });
  const mail = await mailTo(person.email, /\/verify-email\?oobCode=/);
  const link = mail.match(/\/verify-email\?oobCode=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email Verified!");
  await expect(page.getByText(MESSAGES.verifiedNextSettings)).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to Chat" })).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: "Continue to Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Settings" })).toBeVisible();
});
