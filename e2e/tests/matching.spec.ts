import { randomBytes } from "node:crypto";
import { expect, type TestDatabase, test } from "../fixtures/test.ts";

// The pending match screen and photo review for a signed-in person (Robin). The journey that
// produces a pending match needs the interview and photos; here the pair is written straight into
// the server's embedded database.
test.use({ personName: "Robin" });

/**
 * Kim, written straight into the database (and deleted after the test), and a match between us in
 * `status` both ways (score `score`), with Kim's `photos` on their profile. Returns Kim's id.
 */
async function pairWith(
  db: TestDatabase,
  userId: string,
  match: { status: "matchPending" | "photoValidation"; score: number; photos?: (kimId: string) => string[] },
): Promise<string> {
  const other = `e2e_${randomBytes(6).toString("hex")}`;
  await db.query("insert into users (id, name, email, email_verified) values ($1, 'Kim', $2, true)", [
    other,
    `${other}@example.com`,
  ]);
  db.deleteAfterTest(other);
  await db.query(
    "insert into profiles (user_id, display_name, email, status, photo_urls) values ($1, 'Kim', $2, 'active', $3)",
    [other, `${other}@example.com`, JSON.stringify(match.photos?.(other) ?? [])],
  );
  await db.query(
    "insert into matches (user_id, candidate_id, status, score) values ($1, $2, $3, $4), ($2, $1, $3, $4)",
    [userId, other, match.status, match.score],
  );
  return other;
}

const setStatus = (db: TestDatabase, userId: string, status: "active" | "unavailable") =>
  db.query("update profiles set status = $2 where user_id = $1", [userId, status]);

async function pendingPair(db: TestDatabase, userId: string, status: "active" | "unavailable"): Promise<string> {
  await setStatus(db, userId, status);
  return pairWith(db, userId, { status: "matchPending", score: 87 });
}

test("'Your Pending Match' shows the score as a percentage; 'Confirm and Connect' shows the server's message, then /settings", async ({
  page,
  person: me,
  db,
}) => {
  await pendingPair(db, me.id, "active");
  await page.goto("/match-confirmation");
  await expect(page.getByRole("heading", { level: 1, name: "Your Pending Match" })).toBeVisible();
  await expect(page.getByText("87%")).toBeVisible();
  await page.getByRole("button", { name: "Confirm and Connect" }).click();
  await expect(page.getByText("Thank you for confirming!", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
});

test("an inactive profile: 'Your profile is not active. Please update your status to see matches.'", async ({
  page,
  person: me,
  db,
}) => {
  await pendingPair(db, me.id, "unavailable");
  await page.goto("/match-confirmation");
  await expect(page.getByText("Your profile is not active. Please update your status to see matches.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm and Connect" })).toHaveCount(0);
});

test("the 30-day cool-down and 'No eligible matches available at this time. Check back later!'", async ({
  page,
  person: me,
  db,
}) => {
  await setStatus(db, me.id, "active");
  await page.goto("/match-confirmation");
  await expect(page.getByText("No eligible matches available at this time. Check back later!")).toBeVisible();

  await pendingPair(db, me.id, "active");
  await db.query("update profiles set match_accepted = now() - interval '29 days' where user_id = $1", [me.id]);
  await page.reload();
  await expect(page.getByText("You have recently accepted a match.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm and Connect" })).toHaveCount(0);
});

/** A candidate with three photos waiting in my photo review (status photoValidation both ways). */
const reviewPair = (db: TestDatabase, userId: string) =>
  pairWith(db, userId, {
    status: "photoValidation",
    score: 81,
    photos: (kim) => [0, 1, 2].map((i) => `/api/photos/${kim}/v1/photo${i}.jpg`),
  });

test("photo review: arrows wrap around with progress bars; a choice the server refuses brings the candidate back with a message; 'Keep in your web' removes it", async ({
  page,
  person: me,
  db,
}) => {
  const kim = await reviewPair(db, me.id);
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
  await review.getByRole("button", { name: "Set free" }).click();
  await expect(review.getByRole("alert")).toHaveText("We couldn't save your choice. Please try again.");
  await expect(review.getByRole("img", { name: "Your potential match, 1 of 3" })).toBeVisible();
  const statuses = async () => (await db.query("select status from matches where user_id = $1", [me.id])).rows;
  expect(await statuses()).toEqual([{ status: "photoValidation" }]);

  await page.unroute("**/api/call/triggeredPhotoMatch");
  await review.getByRole("button", { name: "Keep in your web" }).click();
  await expect(review).toHaveCount(0);
  await expect.poll(statuses).toEqual([{ status: "accepted" }]);
  // Kim has not decided yet: their side still waits in their own review.
  expect((await db.query("select status from matches where user_id = $1", [kim])).rows[0]?.status).toBe(
    "photoValidation",
  );
});
