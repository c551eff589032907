import { expect, type Page, test } from "@playwright/test";
import { OPENING_MESSAGE } from "@sams-web/domain/chat/stages";

// A first visit to Sam, on a phone and on a laptop: the message box is in view and usable while
// the cookie banner is open, the newest message sits above it, the box grows with the text (Enter
// sends, Shift+Enter breaks the line), the interview shows where it stands and that Sam is
// thinking, and a message written offline stays in the box.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

const log = (page: Page) => page.getByRole("log", { name: "Conversation with Sam" });
const box = (page: Page) => page.getByRole("textbox", { name: "Your message to Sam" });
const sendButton = (page: Page) => page.getByRole("button", { name: /^(Send|Thinking|Responding)$/ });
const banner = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });

/** Whether the element at the centre of `selector` is the element itself (nothing covers it). */
function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) return false;
    const r = element.getBoundingClientRect();
    const inView = r.top >= 0 && r.bottom <= window.innerHeight;
    return inView && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === element;
  }, selector);
}

/** Whether the newest message in the log ends above the top of the message box. */
function newestAboveBox(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const items = document.querySelectorAll('[role="log"] li');
    const last = items[items.length - 1];
    const input = document.querySelector("#chat-input");
    if (!last || !input) return false;
    const top = last.getBoundingClientRect().top;
    return top >= 0 && last.getBoundingClientRect().bottom <= input.getBoundingClientRect().top;
  });
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("the greeting and the message box are in view on the first visit, never under the cookie banner", async ({
      page,
    }, testInfo) => {
      await page.goto("/");
      await expect(banner(page)).toBeVisible();
      await expect(box(page)).toBeVisible();
      expect(await uncovered(page, "#chat-input")).toBe(true);
      // Once Sam's greeting is typed out, the box is still clear of the banner, and usable.
      await expect(log(page)).toContainText(OPENING_MESSAGE, { timeout: 30_000 });
      await expect.poll(() => uncovered(page, "#chat-input")).toBe(true);
      await expect.poll(() => newestAboveBox(page)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`first-visit-${size.name}.png`) });
      await box(page).click();
      await box(page).pressSequentially("I love long walks");
      await expect(box(page)).toHaveValue("I love long walks");
      await expect(banner(page)).toBeVisible();
    });

    test("the box grows with the text; Shift+Enter breaks the line, Enter sends; progress and thinking show", async ({
      page,
    }, testInfo) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Sam is typing. Show the whole message" }).click();
      await expect(page.getByRole("progressbar", { name: "Interview: 1 of 8" })).toBeVisible();
      const oneLine = (await box(page).boundingBox())?.height ?? 0;
      await box(page).click();
      await box(page).pressSequentially("Weekends are for the mountains.");
      await box(page).press("Shift+Enter");
      await box(page).pressSequentially("And for cooking for friends.");
      await box(page).press("Shift+Enter");
      await box(page).pressSequentially("And reading.");
      await expect(box(page)).toHaveValue(
        "Weekends are for the mountains.\nAnd for cooking for friends.\nAnd reading.",
      );
      expect((await box(page).boundingBox())?.height ?? 0).toBeGreaterThan(oneLine * 1.5);

      // Sam's reply is held back a moment, so the cue that Sam is thinking can be seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/call/callSamApi", async (route) => {
        await held;
        await route.continue();
      });
      await box(page).press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Sam is thinking…" })).toBeVisible();
      await expect(box(page)).toHaveValue("");
      await page.screenshot({ path: testInfo.outputPath(`thinking-${size.name}.png`) });
      release();
      await expect(page.getByRole("status").filter({ hasText: "Sam is thinking…" })).toHaveCount(0, {
        timeout: 15_000,
      });
      await expect(log(page)).toContainText("You: Weekends are for the mountains.\nAnd for cooking for friends.");
      // The box is back to one line.
      await expect.poll(async () => (await box(page).boundingBox())?.height ?? 0).toBeLessThan(oneLine * 1.2);
      await expect(sendButton(page)).not.toHaveText("Thinking");
      await page.getByRole("button", { name: "Sam is typing. Show the whole message" }).click();
      await expect.poll(() => newestAboveBox(page)).toBe(true);
    });

    test("offline, a message is not lost: Sam says the connection is gone and the draft stays", async ({
      page,
      context,
    }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Sam is typing. Show the whole message" }).click();
      await expect(sendButton(page)).toHaveText("Send");
      await context.setOffline(true);
      await box(page).fill("Are you still there?");
      await box(page).press("Enter");
      await expect(page.getByRole("alert")).toContainText("You're offline");
      await expect(box(page)).toHaveValue("Are you still there?");
      await expect(log(page).getByText("You:")).toHaveCount(0);
      // Back online, the message goes as it is.
      await context.setOffline(false);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await sendButton(page).click();
      await expect(log(page)).toContainText("You: Are you still there?");
    });
  });
}
