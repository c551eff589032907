import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { MODERATION_QUEUE_LIMIT } from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import sharp from "sharp";
import { makeImage } from "../fixtures/images.ts";
import { expect, type TestDatabase, test } from "../fixtures/test.ts";

// One tap from safety: report from the photo review, unmatch from Settings' connections, and a
// moderator who suspends a reported person, who then leaves every search.

/** The moderation queue, cards and look-alike groups included, reads for everyone: no serious axe finding. */
async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** The people this file makes get pictures of their own (1 to 8; 0 is everyone else's). */
let peopleMade = 0;

/** A searchable person in `zip` (photos, finished interview, Still Looking), made in `context`. */
async function searchable(
  context: BrowserContext,
  signUp: (context: BrowserContext, name?: string) => Promise<{ id: string }>,
  db: TestDatabase,
  name: string,
  profile: { gender: "man" | "woman"; seeking: "man" | "woman"; zip: string },
): Promise<string> {
  const person = await signUp(context, name);
  const look = (peopleMade++ % 8) + 1;
  const photos = await context.request.put("/api/photos", {
    multipart: {
      photo0: { name: "photo0.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 200, look) },
      photo1: { name: "photo1.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 300, look) },
    },
  });
  expect(photos.ok()).toBe(true);
  await db.query(
    `update profiles set gender = $2, seeking_gender = $3, zip_code = $4, birthday = '1992-07-01', age = 34,
       search_radius = 25, conversation_stage = 'complete', chat_complete = true, verified = true, status = 'active'
     where user_id = $1`,
    [person.id, profile.gender, profile.seeking, profile.zip],
  );
  return person.id;
}

const pairBothWays = (db: TestDatabase, a: string, b: string, status: string) =>
  db.query(
    `insert into matches (user_id, candidate_id, status, score, connected_at)
     values ($1, $2, $3, 84, case when $3 = 'connected' then now() end), ($2, $1, $3, 84, case when $3 = 'connected' then now() end)`,
    [a, b, status],
  );

const finds = async (db: TestDatabase, searcher: string, other: string) =>
  (await db.query("select preliminary_candidates($1) as id", [searcher])).rows.some((row) => row.id === other);

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, personName: "Robin" });

  test("report from the photo review: reasons, words, a sentence on what happens next, and she is gone", async ({
    page,
    browser,
    person: me,
    signUp,
    db,
  }, testInfo) => {
    const kimContext = await browser.newContext();
    const kim = await searchable(kimContext, signUp, db, "Kim Park", { gender: "woman", seeking: "man", zip: "80202" });
    await kimContext.close();
    await db.query("update profiles set conversation_stage = 'complete', chat_complete = true where user_id = $1", [
      me.id,
    ]);
    await pairBothWays(db, me.id, kim, "photoValidation");

    await page.goto("/");
    const review = page.getByRole("region", { name: "Photo review" });
    await expect(review.getByRole("heading", { name: /^Kim, 34/ })).toBeVisible();
    await review.getByRole("button", { name: "Report" }).click();
    await review.getByRole("radio", { name: "Fake profile or photos" }).check();
    await review.getByLabel("Anything else we should know? (optional)").fill("These photos are of a celebrity.");
    await page.screenshot({ path: testInfo.outputPath("report-form-phone.png"), fullPage: true });
    await review.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("status").filter({ hasText: MESSAGES.reportReceived })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("report-sent-phone.png") });
    await expect(review).toHaveCount(0);

    const stored = await db.query("select reason, text from reports where reporter_id = $1", [me.id]);
    expect(stored.rows).toEqual([{ reason: "fakeProfile", text: "These photos are of a celebrity." }]);
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 }, personName: "Robin" });

  test("unmatch from Settings' connections", async ({ page, browser, person: me, signUp, db }, testInfo) => {
    const kimContext = await browser.newContext();
    const kim = await searchable(kimContext, signUp, db, "Kim Park", { gender: "woman", seeking: "man", zip: "80202" });
    await kimContext.close();
    await pairBothWays(db, me.id, kim, "connected");

    await page.goto("/settings");
    const connections = page.getByRole("region", { name: "Your connections" });
    await expect(connections.getByText("Kim", { exact: true })).toBeVisible();
    await expect(connections).toContainText(MESSAGES.connectionEmailShared);
    // Her first photo, served to me while we are connected.
    const photo = connections.locator("img");
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(560);
    const photoUrl = (await photo.getAttribute("src")) as string;
    await page.screenshot({ path: testInfo.outputPath("connections-laptop.png"), fullPage: true });
    await connections.getByRole("button", { name: "Unmatch" }).click();
    await expect(connections).toContainText("Unmatch Kim? Sam will never pair you again.");
    // The same step on a phone, with nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await connections.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath("unmatch-confirm-phone.png") });
    await connections.getByRole("button", { name: "Unmatch" }).click();
    await expect(connections.getByRole("status")).toHaveText(MESSAGES.unmatched);
    const statuses = await db.query(
      "select status from matches where (user_id = $1 and candidate_id = $2) or (user_id = $2 and candidate_id = $1)",
      [me.id, kim],
    );
    expect(statuses.rows).toEqual([{ status: "no" }, { status: "no" }]);
    // Unmatched, her photos are no longer mine to see.
    expect((await page.request.get(photoUrl)).status()).toBe(404);
  });

  test("a copied photo reaches the moderator with both accounts, on a laptop and a phone, and Dismiss closes it", async ({
    page,
    browser,
    person: moderator,
    signUp,
    db,
  }, testInfo) => {
    await db.makeModerator(moderator.id);
    const others = await browser.newContext();
    const kimsLook = (peopleMade % 8) + 1;
    await searchable(others, signUp, db, "Kim Park", { gender: "woman", seeking: "man", zip: "80202" });
    // Kim's first photo, as someone would take it from her profile: cropped by 2%, scaled back and
    // re-encoded; beside it a picture of the copier's own.
    const kimsPhoto = await makeImage(560, 560, "jpeg", 200, kimsLook);
    const copied = await sharp(kimsPhoto)
      .extract({ left: 6, top: 5, width: 549, height: 549 })
      .resize(560, 560)
      .jpeg({ quality: 75 })
      .toBuffer();
    const copier = await signUp(others, "Casey Copier");
    const uploaded = await others.request.put("/api/photos", {
      multipart: {
        photo0: { name: "photo0.jpg", mimeType: "image/jpeg", buffer: copied },
        photo1: {
          name: "photo1.jpg",
          mimeType: "image/jpeg",
          buffer: await makeImage(560, 560, "jpeg", 40, (peopleMade++ % 8) + 1),
        },
      },
    });
    expect(uploaded.ok()).toBe(true);
    await others.close();

    await page.goto("/admin");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Casey Copier" }) });
    const flags = card.getByRole("heading", { name: /^Photos that look like another account's/ });
    await expect(flags).toBeVisible();
    // One group per account the photos look like, with how many and how close, under the card's
    // evidence line (what its place in the queue stands on).
    const group = card.getByRole("region", { name: "Like Kim Park's photos" });
    await expect(
      group.getByRole("heading", { name: /^Like Kim Park \(.+\): 1 photo, the closest \d+ of 64 bits apart$/ }),
    ).toBeVisible();
    await expect(
      card.getByText(/^Evidence: 1 photo like another account's, the closest \d+ of 64 bits apart\.$/),
    ).toBeVisible();
    // Both photos are there to compare, the copier's and Kim's, served to the moderator.
    for (const image of [
      group.getByRole("img", { name: "Casey Copier's", exact: true }).first(),
      group.getByRole("img", { name: "Kim Park's", exact: true }).first(),
    ]) {
      await expect(image).toBeVisible();
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(560);
    }
    // Each picture opens at full size from the keyboard (a link around it).
    const kimsLink = group.getByRole("link", { name: "Kim Park's", exact: true }).first();
    await kimsLink.focus();
    await expect(kimsLink).toBeFocused();
    expect(await kimsLink.getAttribute("href")).toMatch(/^\/api\/photos\//);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("duplicate-flag-laptop.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(flags).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("duplicate-flag-phone.png"), fullPage: true });

    await card.getByLabel(/^Why/).fill("Kim's photo; asked Casey for their own.");
    await card.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("status")).toHaveText(MESSAGES.moderationDismissed);
    await expect(card).toHaveCount(0);
    const flagsLeft = await db.query("select count(*)::int as count from duplicate_photos where user_id = $1", [
      copier.id,
    ]);
    expect(flagsLeft.rows).toEqual([{ count: 0 }]);
    const log = await db.query("select action, reason from moderation_actions where subject_id = $1", [copier.id]);
    expect(log.rows).toEqual([{ action: "dismiss", reason: "Kim's photo; asked Casey for their own." }]);
  });

  test("a moderator suspends a reported person, who leaves every search; to anyone else /admin is no page", async ({
    page,
    browser,
    person: moderator,
    signUp,
    db,
  }, testInfo) => {
    await db.makeModerator(moderator.id);
    const others = await browser.newContext();
    const kim = await searchable(others, signUp, db, "Kim Park", { gender: "woman", seeking: "man", zip: "80202" });
    const bystander = await searchable(others, signUp, db, "Sam Bystander", {
      gender: "man",
      seeking: "woman",
      zip: "80203",
    });
    const reporter = await searchable(others, signUp, db, "Alex Reporter", {
      gender: "man",
      seeking: "woman",
      zip: "80202",
    });
    // The reporter reports Kim from their own browser (signed in there last).
    await pairBothWays(db, reporter, kim, "photoValidation");
    const reported = await others.request.post("/api/call/reportPerson", {
      data: { data: { personId: kim, reason: "scamOrSpam", text: "Asked me for money." } },
      // The server takes writes from its own pages only.
      headers: { origin: String(testInfo.project.use.baseURL) },
    });
    expect(reported.ok()).toBe(true);
    // To the reporter, /admin is a page that does not exist.
    const asReporter = await others.request.get("/admin");
    expect(asReporter.status()).toBe(404);
    await others.close();
    expect(await finds(db, bystander, kim)).toBe(true);

    const answer = await page.goto("/admin");
    expect(answer?.status()).toBe(200);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Kim Park" }) });
    await expect(card).toContainText("Asked me for money.");
    await expect(card).toContainText("Scam or spam");
    await page.screenshot({ path: testInfo.outputPath("moderation-laptop.png"), fullPage: true });
    await card.getByLabel(/^Why/).fill("Scam reports, confirmed by the photos.");
    await expect(card.getByRole("button", { name: "Restore" })).toHaveCount(0);
    await card.getByRole("button", { name: "Suspend" }).click();
    await expect(page.getByRole("status")).toHaveText(MESSAGES.moderationSuspended);
    await expect(card).toContainText("Suspended");
    await expect(card).toContainText("Scam reports, confirmed by the photos.");
    // What is left to decide: only Restore.
    await expect(card.getByRole("button")).toHaveText(["Restore"]);
    await page.screenshot({ path: testInfo.outputPath("moderation-after-suspend-laptop.png"), fullPage: true });
    // A moderator on a phone reads the same card without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByRole("button", { name: "Restore" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath("moderation-phone.png"), fullPage: true });

    expect(await finds(db, bystander, kim)).toBe(false);
    expect(await finds(db, reporter, kim)).toBe(false);
    const log = await db.query("select action, reason from moderation_actions where subject_id = $1", [kim]);
    expect(log.rows).toEqual([{ action: "suspend", reason: "Scam reports, confirmed by the photos." }]);

    // Kim, signing in from the login panel, is told why she cannot.
    const kimEmail = (await db.query("select email from users where id = $1", [kim])).rows[0]?.email as string;
    const kimBrowser = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const kimPage = await kimBrowser.newPage();
    await kimPage.goto("/");
    await kimPage.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" }).click();
    const panel = kimPage.getByRole("dialog", { name: "Login" });
    await panel.getByLabel("Email").fill(kimEmail);
    await panel.getByLabel("Password", { exact: true }).fill("correct horse battery");
    await panel.locator("form").getByRole("button", { name: "Login", exact: true }).click();
    await expect(panel.getByRole("alert")).toHaveText(MESSAGES.accountSuspended);
    await kimPage.screenshot({ path: testInfo.outputPath("suspended-sign-in-phone.png") });
    // With Google too: this server has no Google, so its two answers are the ones a server with
    // Google gives a suspended person (the server's side runs against an OpenID provider in the
    // server tests); the popup lands on the error page with the code.
    await kimPage.route("**/api/accounts/options", (route) => route.fulfill({ json: { google: true } }));
    await kimPage.route("**/api/auth/sign-in/social", (route) =>
      route.fulfill({
        json: { url: "/api/accounts/oauth-complete?result=error&error=ACCOUNT_SUSPENDED", redirect: false },
      }),
    );
    await kimPage.reload();
    await kimPage.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" }).click();
    await kimPage.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Login with Google" }).click();
    await expect(kimPage.getByRole("dialog", { name: "Login" }).getByRole("alert")).toHaveText(
      MESSAGES.accountSuspended,
    );
    await kimBrowser.close();
  });

  test("the moderator reads names and words that try to mislead as they are, and sees which reports share a mailbox", async ({
    page,
    browser,
    person: moderator,
    signUp,
    db,
  }, testInfo) => {
    await db.makeModerator(moderator.id);
    const others = await browser.newContext();
    const subject = await signUp(others, "Target");
    // A name that would read as "Target exe.png", and a reporter's name that would turn the date after it around.
    await db.query("update profiles set display_name = $2 where user_id = $1", [subject.id, "Target \u202Egnp.exe"]);
    const flood = `Z${"\u0336".repeat(400)} look`;
    const reporterNames = ["Ann\u202E", "Bea"];
    for (const [index, name] of reporterNames.entries()) {
      const reporter = await signUp(others, name);
      // Two accounts on one mailbox, as one person with plus-addresses would make them.
      const email = `mal+${index}-${reporter.id}@e2e.example.com`;
      await db.query("update users set email = $2 where id = $1", [reporter.id, email]);
      await db.query("update profiles set email = $2 where user_id = $1", [
        reporter.id,
        `mal+${index}@e2e.example.com`,
      ]);
      await pairBothWays(db, reporter.id, subject.id, "photoValidation");
      const reported = await others.request.post("/api/call/reportPerson", {
        data: { data: { personId: subject.id, reason: "fakeProfile", text: index === 0 ? flood : "Same words." } },
        headers: { origin: String(testInfo.project.use.baseURL) },
      });
      expect(reported.ok()).toBe(true);
    }
    await others.close();

    await page.goto("/admin");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Target/ }) });
    const heading = card.getByRole("heading", { name: /^Target/ });
    await expect(heading).toHaveText("Target ⟨U+202E⟩gnp.exe");
    const reports = card.getByRole("listitem");
    await expect(reports).toHaveCount(2);
    // Each member's text is isolated, so it cannot reorder the date written after it.
    await expect(reports.first().locator("bdi").first()).toHaveText("Ann⟨U+202E⟩");
    const text = (await reports.first().textContent()) ?? "";
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(text).not.toMatch(/\p{M}{4}/u);
    expect(text).toContain("⟨397 more marks⟩");
    await expect(reports.first()).toContainText("account 0 days old when reporting · same mailbox as report 2");
    await expect(reports.first()).toContainText("does not count towards a hide");
    await expect(card).toContainText("From 1 mailbox; 0 of them count towards hiding this person (it takes 3).");
    // Nothing leaves its card, on a laptop or a phone.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const spill = await reports.evaluateAll((items) =>
        items.map((item) => item.scrollWidth - item.clientWidth + (item.scrollHeight - item.clientHeight)),
      );
      expect(spill.every((extra) => extra <= 0)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await card.screenshot({ path: test.info().outputPath(`moderation-misleading-text-${viewport.width}.png`) });
    }
  });

  test(`past ${MODERATION_QUEUE_LIMIT} people, /admin shows the strongest cases, one reported last among them`, async ({
    page,
    person: moderator,
    db,
  }, testInfo) => {
    await db.makeModerator(moderator.id);
    // More people reported once a day ago (each by another mailbox, none counting towards a hide)
    // than the queue shows, and one reported just now by two mailboxes that count: the strongest.
    const crowd = Array.from({ length: MODERATION_QUEUE_LIMIT + 1 }, (_, i) => `e2e-queue-crowd-${moderator.id}-${i}`);
    const strong = `e2e-queue-strong-${moderator.id}`;
    for (const id of [...crowd, strong]) db.deleteAfterTest(id);
    await db.query(
      `with people as (select id, case when id = $2 then 'Strong Case' else 'Crowd' end as name from unnest($1::text[]) as id),
         made as (insert into users (id, name, email) select id, name, id || '@e2e.example.com' from people)
       insert into profiles (user_id, display_name, email) select id, name, id || '@e2e.example.com' from people`,
      [[...crowd, strong], strong],
    );
    await db.query(
      `insert into reports (reported_id, reason, reporter_mailbox_key, created_at)
       select id, 'other', 'crowd-mailbox-' || id, now() - interval '1 day' from unnest($1::text[]) as id`,
      [crowd],
    );
    await db.query(
      `insert into reports (reported_id, reason, reporter_mailbox_key, counts_toward_hide)
       values ($1, 'harassment', 'strong-a', true), ($1, 'harassment', 'strong-b', true)`,
      [strong],
    );

    await page.goto("/admin");
    const names = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(names).toHaveCount(MODERATION_QUEUE_LIMIT);
    await expect(page.getByText(MESSAGES.moderationQueueFull)).toBeVisible();
    // The case reported last is shown, ahead of everyone reported once, though an older case is left out.
    const shown = await names.allTextContents();
    expect(shown.indexOf("Strong Case")).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf("Strong Case")).toBeLessThan(shown.indexOf("Crowd"));
    expect(shown.filter((name) => name === "Crowd").length).toBeLessThan(crowd.length);
    const strongCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Strong Case" }) });
    await expect(strongCard.getByRole("heading", { name: "Open reports (2)" })).toBeVisible();
    // Two hundred cards on a phone: each in the page's width, the first one on the first screen.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(names.first()).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: testInfo.outputPath(`moderation-queue-full-${viewport.width}.png`) });
    }
  });
});
