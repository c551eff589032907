import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";
import { makeImage } from "../fixtures/images.ts";
import { expect, type TestDatabase, type TestFixtures, test } from "../fixtures/test.ts";

// The moments that matter, walked by two people in browsers of their own: Maya, who acts, and
// Leo, who waits for her. Where each stands in "Your web" (nobody named before photo review),
// Keep and Set free, Confirm and Connect, the match moment on both sides, and the navigation that
// marks where one is. The pair is written straight into the database at the stage a test starts
// from; everything after it goes through the screens.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

const SCREENS = process.env.SCREENSHOT_DIR;
const QUESTION = "What does a quiet Sunday look like for you?";

interface Someone {
  id: string;
  email: string;
  page: Page;
}

/** A person past the interview, with two photos and a birthday, Still Looking, in a browser of their own. */
async function someone(
  browser: Browser,
  signUp: TestFixtures["signUp"],
  db: TestDatabase,
  name: string,
  viewport: { width: number; height: number },
  look: number,
): Promise<Someone> {
  const context = await browser.newContext({ viewport });
  const person = await signUp(context, name);
  const photos = await context.request.put("/api/photos", {
    multipart: {
      photo0: {
        name: "photo0.jpg",
        mimeType: "image/jpeg",
        buffer: await makeImage(560, 560, "jpeg", 30 * look, look),
      },
      photo1: { name: "photo1.jpg", mimeType: "image/jpeg", buffer: await makeImage(560, 560, "jpeg", 200, look + 3) },
    },
  });
  expect(photos.ok()).toBe(true);
  await db.query(
    `update profiles set conversation_stage = 'complete', chat_complete = true, verified = true, status = 'active',
       birthday = $2, zip_code = '97201' where user_id = $1`,
    [person.id, `${new Date().getFullYear() - 33}-01-15`],
  );
  const page = await context.newPage();
  return { id: person.id, email: person.email, page };
}

/** The pair's two records, each side at its own status. */
async function pair(
  db: TestDatabase,
  a: Someone,
  b: Someone,
  sides: { a: string; b: string; aQuestions?: string[]; bQuestions?: string[] },
) {
  await db.query(
    `insert into matches (user_id, candidate_id, status, score, followup_questions, reason, distance_band_miles)
     values ($1, $2, $3, 86, $5, 'Your strongest common ground is what you love doing: you both bring up books.', 10),
            ($2, $1, $4, 86, $6, 'Your strongest common ground is what you love doing: you both bring up books.', 10)`,
    [a.id, b.id, sides.a, sides.b, JSON.stringify(sides.aQuestions ?? []), JSON.stringify(sides.bQuestions ?? [])],
  );
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

async function shoot(page: Page, name: string) {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** Shows every message Sam is still typing at once (a click on it shows the rest). */
async function revealAll(page: Page): Promise<void> {
  const send = page.getByRole("button", { name: /^(Send|Thinking|Responding)$/ });
  const typing = page.getByRole("button", { name: "Sam is typing. Show the whole message" });
  await expect(async () => {
    if (await typing.isVisible()) await typing.click();
    await expect(send).toHaveText("Send", { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

/** The navigation's link to a place, in whichever of its two homes this window shows. */
const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: new RegExp(`^${name}`) });

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("Your web says where each stands and names nobody before photo review; the navigation marks the place", async ({
      browser,
      signUp,
      db,
    }) => {
      test.setTimeout(120_000);
      const maya = await someone(browser, signUp, db, "Maya", size.viewport, 1);
      const leo = await someone(browser, signUp, db, "Leo Brandt", size.viewport, 5);
      // Sam asks Leo first; Maya waits for his answers.
      await pair(db, maya, leo, { a: "followupsAnswered", b: "followupsQueued", bQuestions: [QUESTION] });

      await maya.page.goto("/");
      await nav(maya.page, "Your web").click();
      await expect(maya.page).toHaveURL(/\/your-web$/);
      await expect(nav(maya.page, "Your web")).toHaveAttribute("aria-current", "page");
      await expect(nav(maya.page, "Sam")).not.toHaveAttribute("aria-current", "page");
      await expect(maya.page.getByRole("heading", { level: 2, name: "Waiting for their answers" })).toBeVisible();
      await expect(maya.page.getByText("I'm checking with someone who may fit you")).toBeVisible();
      // Before photo review, nothing says who: no name, no photo, no address.
      await expect(maya.page.locator("main")).not.toContainText("Leo");
      await expect(maya.page.locator("main img")).toHaveCount(0);
      const web = await (await maya.page.request.get("/api/web")).json();
      expect(JSON.stringify(web)).not.toContain(leo.id);
      expect(JSON.stringify(web)).not.toContain("Leo");
      await noSidewaysScroll(maya.page);
      await expectNoSeriousAxeViolations(maya.page);
      await shoot(maya.page, `your-web-waiting-${size.name}`);

      // Leo has Sam's question waiting: the dot on Your web says so, and the page leads to the chat.
      await leo.page.goto("/your-web");
      await expect(nav(leo.page, "Your web")).toHaveAccessibleName(/1 thing waits for you/);
      await expect(leo.page.getByRole("heading", { level: 2, name: "Sam has questions for you" })).toBeVisible();
      await expect(leo.page.locator("main")).not.toContainText("Maya");
      await leo.page.getByRole("link", { name: "Answer Sam's questions" }).click();
      await expect(leo.page).toHaveURL(/\/$/);
      await expect(nav(leo.page, "Sam")).toHaveAttribute("aria-current", "page");
      await revealAll(leo.page);
      await expect(leo.page.getByRole("log").getByText(QUESTION)).toBeVisible();

      // Both answered and the pair was scored again: now photo review names them, both ways.
      await db.query(
        "update matches set status = 'photoValidation', followup_questions = '[]' where user_id = any($1)",
        [[maya.id, leo.id]],
      );
      await maya.page.reload();
      await expect(maya.page.getByRole("heading", { level: 2, name: "Photos to review" })).toBeVisible();
      await expect(maya.page.getByRole("heading", { level: 3, name: "Leo, 33" })).toBeVisible();
      await expect(maya.page.getByRole("link", { name: "Review Leo's photos" })).toBeVisible();
      await expectNoSeriousAxeViolations(maya.page);
      await shoot(maya.page, `your-web-photos-${size.name}`);

      // Settings is a place of its own in the navigation, marked there.
      await nav(maya.page, "Settings").click();
      await expect(maya.page).toHaveURL(/\/settings$/);
      await expect(nav(maya.page, "Settings")).toHaveAttribute("aria-current", "page");
      // The greeting is whole on a phone too: nothing cuts it.
      const greeting = maya.page.getByRole("banner").getByRole("link", { name: "Welcome, Maya!" });
      await expect(greeting).toBeVisible();
      expect(await greeting.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
    });

    test("Keep and Confirm say what happens next, Set free asks once, and the match has its moment on both sides", async ({
      browser,
      signUp,
      db,
    }) => {
      test.setTimeout(150_000);
      const maya = await someone(browser, signUp, db, "Maya", size.viewport, 1);
      const leo = await someone(browser, signUp, db, "Leo Brandt", size.viewport, 5);
      const kim = await someone(browser, signUp, db, "Kim", size.viewport, 7);
      await pair(db, maya, leo, { a: "photoValidation", b: "photoValidation" });
      await pair(db, maya, kim, { a: "photoValidation", b: "photoValidation" });
      await db.query("update matches set score = 70 where user_id = $1 and candidate_id = $2", [maya.id, kim.id]);

      // Maya lands on what waits: the photo review, in view, not the end of the chat.
      await maya.page.goto("/");
      const review = maya.page.getByRole("region", { name: "Photo review" });
      await expect(review.getByRole("heading", { name: /^Leo, 33/ })).toBeInViewport();
      await review.getByRole("button", { name: "Keep in your web" }).click();
      await expect(
        maya.page.getByText("You kept Leo in your web. If Leo keeps you too, Sam tells you at once"),
      ).toBeVisible();
      await shoot(maya.page, `kept-${size.name}`);

      // Set free asks once; Cancel keeps Kim.
      await expect(review.getByRole("heading", { name: /^Kim, 33/ })).toBeVisible();
      await review.getByRole("button", { name: "Set free" }).click();
      await expect(review.getByText("Set Kim free? Sam will not pair you two again.")).toBeVisible();
      await shoot(maya.page, `set-free-asks-${size.name}`);
      await review.getByRole("button", { name: "Cancel" }).click();
      await expect(review.getByRole("heading", { name: /^Kim, 33/ })).toBeVisible();
      await review.getByRole("button", { name: "Set free" }).click();
      await review.getByRole("button", { name: "Set free" }).click();
      await expect(maya.page.getByText("You set them free.")).toBeVisible();
      const kimSide = await db.query("select status from matches where user_id = $1 and candidate_id = $2", [
        kim.id,
        maya.id,
      ]);
      expect(kimSide.rows[0]?.status).toBe("no");

      await maya.page.goto("/your-web");
      await expect(
        maya.page.getByRole("heading", { level: 2, name: "You kept them, waiting for their answer" }),
      ).toBeVisible();

      // Leo keeps Maya too: it is a pending match, and he is told so at once.
      await leo.page.goto("/");
      await leo.page
        .getByRole("region", { name: "Photo review" })
        .getByRole("button", { name: "Keep in your web" })
        .click();
      await expect(leo.page.getByText("Someone you kept in your web kept you too!").first()).toBeVisible();
      await leo.page.getByRole("link", { name: "See your pending match" }).first().click();
      await leo.page.getByRole("button", { name: "Confirm and Connect" }).click();
      await expect(leo.page.getByText("When Maya confirms too, you both get an email introduction")).toBeVisible();
      await shoot(leo.page, `confirmed-waiting-${size.name}`);
      await leo.page.goto("/your-web");
      await expect(leo.page.getByRole("heading", { level: 2, name: "You confirmed, waiting for them" })).toBeVisible();
      await expect(leo.page.getByText("When Maya confirms too, Sam emails you both an introduction.")).toBeVisible();

      // Maya confirms: the moment, with both names and photos, Leo's address and a way to write.
      await maya.page.goto("/match-confirmation");
      await maya.page.getByRole("button", { name: "Confirm and Connect" }).click();
      await expect(maya.page).toHaveURL(new RegExp(`/its-a-match\\?with=${leo.id}$`));
      await expect(maya.page.getByRole("heading", { level: 1, name: "It's a match!" })).toBeVisible();
      await expect(
        maya.page.getByText("Maya and Leo, you kept each other in your webs and both confirmed."),
      ).toBeVisible();
      await expect(maya.page.getByRole("img", { name: "Maya" })).toBeVisible();
      await expect(maya.page.getByRole("img", { name: "Leo" })).toBeVisible();
      await expect(maya.page.getByText(leo.email)).toBeVisible();
      await expect(maya.page.getByRole("link", { name: "Write to Leo" })).toHaveAttribute(
        "href",
        `mailto:${leo.email}`,
      );
      await expect(maya.page.getByText("A good first message")).toBeVisible();
      await noSidewaysScroll(maya.page);
      await expectNoSeriousAxeViolations(maya.page);
      await shoot(maya.page, `match-moment-${size.name}`);

      // Leo, who confirmed first and waited, hears it in his chat and has the same moment.
      await leo.page.goto("/");
      const note = leo.page.getByRole("link", { name: "See your match with Maya" });
      await expect(note).toBeVisible();
      await expect(nav(leo.page, "Your web")).toHaveAccessibleName(/1 thing waits for you/);
      await note.click();
      await expect(leo.page.getByRole("heading", { level: 1, name: "It's a match!" })).toBeVisible();
      await expect(leo.page.getByText(maya.email)).toBeVisible();
      // Seen once, it is no longer announced; the connection stays in Your web with the address.
      await expect(nav(leo.page, "Your web")).not.toHaveAccessibleName(/waits for you/);
      await leo.page.goto("/your-web");
      await expect(leo.page.getByRole("heading", { level: 2, name: "Connected" })).toBeVisible();
      await expect(leo.page.getByRole("link", { name: "Write to Maya" })).toHaveAttribute(
        "href",
        `mailto:${maya.email}`,
      );
      await expectNoSeriousAxeViolations(leo.page);
      await shoot(leo.page, `your-web-connected-${size.name}`);
      await leo.page.goto("/");
      await expect(leo.page.getByRole("link", { name: "See your match with Maya" })).toHaveCount(0);
    });
  });
}

test("nobody reads another person's web or marks another person's moment as seen", async ({ browser, signUp, db }) => {
  const maya = await someone(browser, signUp, db, "Maya", { width: 1280, height: 800 }, 1);
  const leo = await someone(browser, signUp, db, "Leo", { width: 1280, height: 800 }, 5);
  const eve = await someone(browser, signUp, db, "Eve", { width: 1280, height: 800 }, 7);
  await pair(db, maya, leo, { a: "connected", b: "connected" });
  // A guest is refused; Eve sees her own (empty) web, never theirs.
  const guest = await (await browser.newContext()).request.get("/api/web");
  expect(guest.status()).toBe(401);
  const eves = await (await eve.page.request.get("/api/web")).json();
  expect(eves.entries).toEqual([]);
  // Marking someone else's moment as seen changes nothing.
  const attempt = await eve.page.request.post("/api/call/matchMomentSeen", { data: { data: { matchId: leo.id } } });
  expect(attempt.ok()).toBe(true);
  const rows = await db.query("select moment_seen_at from matches where user_id = any($1)", [[maya.id, leo.id]]);
  expect(rows.rows.every((row) => row.moment_seen_at === null)).toBe(true);
});
