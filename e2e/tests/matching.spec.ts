import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { signUpThroughApi } from "../fixtures/profile-db.ts";

// The pending match screen (SPEC section 4 "Pending match") for a signed-in person. The journey
// that produces a pending match needs the interview and photos; here the pair is written straight
// into the server's embedded database.
const PG_URL = `postgres://sams_web:sams_web_local@127.0.0.1:${process.env.E2E_PG_PORT ?? 5544}/sams_web`;

async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function signUp(page: Page): Promise<{ id: string; email: string }> {
  await page.goto("/");
  const { userId, email } = await signUpThroughApi(page, "Robin");
  return { id: userId, email };
}

/**
 * Kim, written straight into the database, and a match between us in `status` both ways (score
 * `score`), with Kim's `photos` on their profile. Returns Kim's id.
 */
async function pairWith(
  userId: string,
  match: { status: "matchPending" | "photoValidation"; score: number; photos?: (kimId: string) => string[] },
): Promise<string> {
  const other = `e2e_${randomBytes(6).toString("hex")}`;
  await withDb(async (db) => {
    await db.query("insert into users (id, name, email, email_verified) values ($1, 'Kim', $2, true)", [
      other,
      `${other}@example.com`,
    ]);
    await db.query(
      "insert into profiles (user_id, display_name, email, status, photo_urls) values ($1, 'Kim', $2, 'active', $3)",
      [other, `${other}@example.com`, JSON.stringify(match.photos?.(other) ?? [])],
    );
    await db.query(
      "insert into matches (user_id, candidate_id, status, score) values ($1, $2, $3, $4), ($2, $1, $3, $4)",
      [userId, other, match.status, match.score],
    );
  });
  return other;
}

const setStatus = (userId: string, status: "active" | "unavailable") =>
  withDb((db) => db.query("update profiles set status = $2 where user_id = $1", [userId, status]));

async function pendingPair(userId: string, status: "active" | "unavailable"): Promise<string> {
  await setStatus(userId, status);
  return pairWith(userId, { status: "matchPending", score: 87 });
}

test("'Your Pending Match' shows the score as a percentage; 'Confirm and Connect' shows the server's message, then /settings", async ({
  page,
}) => {
  const me = await signUp(page);
  await pendingPair(me.id, "active");
  await page.goto("/match-confirmation");
  await expect(page.getByRole("heading", { level: 1, name: "Your Pending Match" })).toBeVisible();
  await expect(page.getByText("87%")).toBeVisible();
  await page.getByRole("button", { name: "Confirm and Connect" }).click();
  await expect(page.getByText("Thank you for confirming!", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
});

test("an inactive profile: 'Your profile is not active. Please update your status to see matches.'", async ({
  page,
}) => {
  const me = await signUp(page);
  await pendingPair(me.id, "unavailable");
  await page.goto("/match-confirmation");
  await expect(page.getByText("Your profile is not active. Please update your status to see matches.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm and Connect" })).toHaveCount(0);
});

test("the 30-day cool-down and 'No eligible matches available at this time. Check back later!'", async ({ page }) => {
  const me = await signUp(page);
  await setStatus(me.id, "active");
  await page.goto("/match-confirmation");
  await expect(page.getByText("No eligible matches available at this time. Check back later!")).toBeVisible();

  await pendingPair(me.id, "active");
  await withDb((db) =>
    db.query("update profiles set match_accepted = now() - interval '29 days' where user_id = $1", [me.id]),
  );
  await page.reload();
  await expect(page.getByText("You have recently accepted a match.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm and Connect" })).toHaveCount(0);
});

/** A candidate with three photos waiting in my photo review (status photoValidation both ways). */
const reviewPair = (userId: string) =>
  pairWith(userId, {
    status: "photoValidation",
    score: 81,
    photos: (kim) => [0, 1, 2].map((i) => `/api/photos/${kim}/v1/photo${i}.jpg`),
  });

test("photo review: arrows wrap around with progress bars; a choice the server refuses brings the candidate back with a message; 'Keep in your web' removes it", async ({
  page,
}) => {
  const me = await signUp(page);
  const kim = await reviewPair(me.id);
  await page.goto("/");
  const review = page.getByRole("region", { name: "Photo review" });
  await expect(review.getByRole("img", { name: "Your potential match, 1 of 3" })).toBeVisible();
  await review.getByRole("button", { name: "Previous photo" }).click();
  await expect(review.getByRole("img", { name: "Your potential match, 3 of 3" })).toBeVisible();
  await review.getByRole("button", { name: "Next photo" }).click();
  await expect(review.getByRole("img", { name: "Your potential match, 1 of 3" })).toBeVisible();

  await page.route("**/api/call/triggeredPhotoMatch", (route) =>
    route.fulfill({ status: 503, json: { error: { status: "UNAVAILABLE", message: "down" } } }),
  );
  await review.getByRole("button", { name: "Set free" }).click();
  await expect(review.getByRole("alert")).toHaveText("We couldn't save your choice. Please try again.");
  await expect(review.getByRole("img", { name: "Your potential match, 1 of 3" })).toBeVisible();
  const statuses = () =>
    withDb(async (db) => (await db.query("select status from matches where user_id = $1", [me.id])).rows);
  expect(await statuses()).toEqual([{ status: "photoValidation" }]);

  await page.unroute("**/api/call/triggeredPhotoMatch");
  await review.getByRole("button", { name: "Keep in your web" }).click();
  await expect(review).toHaveCount(0);
  await expect.poll(statuses).toEqual([{ status: "accepted" }]);
  // Kim has not decided yet: their side still waits in their own review.
  expect((await withDb((db) => db.query("select status from matches where user_id = $1", [kim]))).rows[0]?.status).toBe(
    "photoValidation",
  );
});
