import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { expect, type TestDatabase, test } from "../fixtures/test.ts";

// The moderators' insights: charts of the last 90 days for a moderator, on a laptop and a phone,
// accessible, with the chart library loaded on that page only; to anyone else, no page at all.

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** A little history: two people connected 20 days ago (score 85, one met), a report, and tallies. */
async function history(db: TestDatabase, a: string, b: string) {
  const connectedAt = new Date(Date.now() - 20 * DAY_MS);
  for (const [user, candidate, outcome] of [
    [a, b, "met"],
    [b, a, null],
  ] as const) {
    await db.query(
      `insert into matches (user_id, candidate_id, status, score, connected_at) values ($1, $2, 'connected', 85, $3)`,
      [user, candidate, connectedAt],
    );
    await db.query(
      `insert into match_outcomes (user_id, candidate_id, asked_at, outcome, answered_at)
       values ($1, $2, now() - interval '6 days', $3::text, case when $3::text is null then null else now() end)`,
      [user, candidate, outcome],
    );
  }
  await db.query(
    `insert into reports (reporter_id, reported_id, reporter_mailbox_key, reason, created_at)
     values ($1, $2, 'e2e-reporter-mailbox', 'other', now() - interval '3 days')`,
    [a, b],
  );
  for (const [day, name, count] of [
    [utcDay(22), "search_found", 1],
    [utcDay(22), "match_found", 2],
    [utcDay(22), "match_photo_review", 2],
    [utcDay(21), "match_kept", 2],
    [utcDay(20), "match_connected", 2],
    [utcDay(2), "search_nobody", 3],
    [utcDay(1), "interview_completed", 4],
    [utcDay(1), "model_calls_reply", 12],
    [utcDay(1), "model_tokens_reply", 5400],
  ] as const) {
    await db.query(
      `insert into daily_tallies (day, name, count) values ($1, $2, $3)
       on conflict (day, name) do update set count = daily_tallies.count + excluded.count`,
      [day, name, count],
    );
  }
}

test.describe("insights for moderators", () => {
  test.use({ viewport: { width: 1280, height: 800 }, personName: "Morgan" });

  test("a moderator reads the charts on a laptop and a phone; the chart library loads on that page only", async ({
    page,
    browser,
    person: moderator,
    signUp,
    db,
  }) => {
    const elsewhere = await browser.newContext();
    const other = await signUp(elsewhere, "Ashley");
    await elsewhere.close();
    await history(db, moderator.id, other.id);
    await db.makeModerator(moderator.id);

    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.some((path) => path.includes("insights-page"))).toBe(false);

    await page.goto("/admin");
    await page.getByRole("link", { name: /^Insights/ }).click();
    await expect(page).toHaveURL(/\/admin\/insights$/);
    await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
    await expect(page).toHaveTitle("Insights — Sam's Web");
    expect(scripts.some((path) => path.includes("insights-page"))).toBe(true);

    // The figures at a glance, and a chart per question, each an image with its words.
    await expect(page.getByText(/^Computed /)).toBeVisible();
    const connections = page.locator("dt", { hasText: /^Connections$/ }).locator("xpath=..");
    await expect(connections.locator("dd").first()).not.toHaveText("0");
    for (const title of [
      "Sign-ups and finished interviews",
      "Searches, and how many found someone",
      "From a pair found to a connection",
      "Connections by week",
      "Did you meet? By Sam's percentage",
      "Reports and decisions",
      "Language model calls and tokens",
    ]) {
      const card = page.locator("section.card", { has: page.getByRole("heading", { level: 2, name: title }) });
      await expect(card.getByRole("img")).toBeVisible();
    }
    const met = page.locator("section.card", { has: page.getByRole("heading", { name: /Did you meet/ }) });
    await expect(met.getByRole("img")).toHaveAccessibleName(/80–89: 100% met, 1 of 1 answered/);
    await met.getByText("Show the numbers").click();
    await expect(met.getByRole("row", { name: /80–89/ })).toContainText("100%");
    // The canvas is drawn: it holds more than its background.
    const drawn = await met
      .locator("canvas")
      .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL().length > 5_000 && canvas.width > 0);
    expect(drawn).toBe(true);
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText(/^Computed /)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(page);
  });

  test("anyone else gets no page: the not-found screen with a 404, and the figures' 404", async ({
    page,
    browser,
    person: _signedIn,
  }) => {
    const response = await page.goto("/admin/insights");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This thread leads nowhere");
    const figures = await page.request.get("/api/admin/insights");
    expect(figures.status()).toBe(404);
    const guest = await browser.newContext();
    const asGuest = await guest.request.get("/api/admin/insights");
    expect(asGuest.status()).toBe(404);
    await guest.close();
  });
});
