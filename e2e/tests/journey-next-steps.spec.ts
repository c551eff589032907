import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { makeImage } from "../fixtures/images.ts";
import { expect, type TestDatabase, test } from "../fixtures/test.ts";

// The ways on from each end of the journey, on a phone and on a laptop: who Sam suggests in photo
// review, a pending match announced in the header and the chat with its page saying who, why and
// what confirming shares, and where the chat points once the interview is over. Kim, the other
// person, signs up and uploads real photos; the pair is written straight into the database.

const REASON = "Your strongest common ground is your values: you both bring up honesty and kindness.";
const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

function birthdayYearsAgo(years: number): string {
  return `${new Date().getFullYear() - years - 1}-12-31`;
}

/** Kim, with two real photos and a birthday 33 years ago, paired with `me` in `status` both ways. */
async function kimPairedWith(
  context: BrowserContext,
  signUp: (context: BrowserContext, name?: string) => Promise<{ id: string }>,
  db: TestDatabase,
  me: string,
  status: "photoValidation" | "matchPending",
): Promise<string> {
  const kim = await signUp(context, "Kim Park");
  const photos = await context.request.put("/api/photos", {
    multipart: {
      photo0: { name: "photo0.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 40) },
      photo1: { name: "photo1.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 160) },
    },
  });
  expect(photos.ok()).toBe(true);
  await db.query("update profiles set birthday = $2, status = 'active' where user_id = $1", [
    kim.id,
    birthdayYearsAgo(33),
  ]);
  await db.query(
    `insert into matches (user_id, candidate_id, status, score, reason, distance_band_miles)
     values ($1, $2, $3, 84, $4, 25), ($2, $1, $3, 84, $4, 25)`,
    [me, kim.id, status, REASON],
  );
  return kim.id;
}

/** Me, past the interview (and, unless said otherwise, with photos), Still Looking. */
async function pastInterview(db: TestDatabase, me: string, options: { photos?: boolean } = {}) {
  await db.query(
    `update profiles set conversation_stage = 'complete', chat_complete = true, verified = true, status = 'active',
       pictures_uploaded = $2 where user_id = $1`,
    [me, options.photos ?? true],
  );
}

async function expectTapTarget(locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, personName: "Robin" });

    test("photo review names the candidate, says why Sam suggests them and how many wait", async ({
      page,
      person: me,
      db,
      browser,
      signUp,
    }, testInfo) => {
      await pastInterview(db, me.id);
      const other = await browser.newContext();
      await kimPairedWith(other, signUp, db, me.id, "photoValidation");
      await other.close();

      await page.goto("/");
      const review = page.getByRole("region", { name: "Photo review" });
      await expect(review.getByRole("heading", { name: "Kim, 33 · within 25 miles" })).toBeVisible();
      await expect(review).toContainText(REASON);
      await expect(review).toContainText("1 to review");
      // Nothing more precise about Kim: not the surname, not a figure in miles other than the band.
      await expect(review).not.toContainText("Park");
      await expect(review.getByRole("img", { name: "Your potential match, 1 of 2" })).toBeVisible();
      await expectTapTarget(review.getByRole("button", { name: "Next photo" }));
      await expectTapTarget(review.getByRole("button", { name: "Previous photo" }));
      await review.getByRole("button", { name: "Next photo" }).click();
      await expect(review.getByRole("img", { name: "Your potential match, 2 of 2" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`photo-review-${size.name}.png`), fullPage: true });
      await expectNoSeriousAxeViolations(page);
    });

    test("a pending match is announced in the header and the chat; its page says who, why and what confirming shares", async ({
      page,
      person: me,
      db,
      browser,
      signUp,
    }, testInfo) => {
      await pastInterview(db, me.id);
      const other = await browser.newContext();
      const kim = await kimPairedWith(other, signUp, db, me.id, "matchPending");
      await other.close();

      await page.goto("/");
      // Sam says so in the chat, with the way there.
      const note = page.getByRole("status").filter({ hasText: "Someone you kept in your web kept you too!" });
      await expect(note).toBeVisible();
      await expect(note.getByRole("link", { name: "See your pending match" })).toHaveAttribute(
        "href",
        "/match-confirmation",
      );
      // The header shows it on every page while it waits.
      const headerLink = page.getByRole("banner").getByRole("link", { name: "Pending match" });
      await expect(headerLink).toBeVisible();
      await expectTapTarget(headerLink);
      await page.screenshot({ path: testInfo.outputPath(`pending-notice-${size.name}.png`) });
      await page.goto("/terms");
      await expect(headerLink).toBeVisible();
      await headerLink.click();

      await expect(page).toHaveURL(/\/match-confirmation$/);
      await expect(page.getByRole("heading", { level: 2, name: "Kim, 33" })).toBeVisible();
      await expect(page.getByText("within 25 miles")).toBeVisible();
      await expect(page.getByText("84%")).toBeVisible();
      await expect(page.getByText(REASON)).toBeVisible();
      await expect(page.getByRole("img", { name: "Kim, your pending match" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Confirm and Connect" })).toHaveAccessibleDescription(
        /shares your email address with them/,
      );
      await page.screenshot({ path: testInfo.outputPath(`pending-page-${size.name}.png`), fullPage: true });
      await expectNoSeriousAxeViolations(page);

      // 'Set free' from here, asked once, ends it for both, and the header stops announcing it.
      await page.getByRole("button", { name: "Set free" }).click();
      await expect(page.getByText("Set Kim free?", { exact: false })).toBeVisible();
      await page.getByRole("button", { name: "Set free" }).click();
      await expect(page.getByText("You set them free. Sam will keep looking for you.")).toBeVisible();
      await expect(headerLink).toHaveCount(0);
      const statuses = await db.query("select status from matches where user_id = any($1)", [[me.id, kim]]);
      expect(statuses.rows).toEqual([{ status: "no" }, { status: "no" }]);
    });

    test("once the interview is over, Sam points at the next step: photos first, then Settings, where the checklist leads", async ({
      page,
      person: me,
      db,
    }, testInfo) => {
      await pastInterview(db, me.id, { photos: false });
      await page.goto("/");
      const note = page.getByRole("status").filter({ hasText: "Our interview is complete!" });
      await expect(note).toContainText("add at least 2 photos");
      await note.getByRole("link", { name: "Upload photos" }).click();
      await expect(page).toHaveURL(/\/photo-upload$/);

      await db.query("update profiles set pictures_uploaded = true where user_id = $1", [me.id]);
      await page.goto("/");
      await expect(note).toContainText("finish your settings");
      await page.screenshot({ path: testInfo.outputPath(`next-step-${size.name}.png`) });
      await note.getByRole("link", { name: "Go to Settings" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      // While anything is missing (ZIP code, birthday), the checklist is the first card.
      const firstCardHeading = page.locator("main section h2").first();
      await expect(firstCardHeading).toHaveText("Requirements");
      await page.screenshot({ path: testInfo.outputPath(`settings-${size.name}.png`) });
    });
  });
}
