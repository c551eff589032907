import { expect, type Page, test } from "@playwright/test";
import { GUEST_CONVERSATIONS_KEY } from "@sams-web/domain/chat/contracts";
import { TRANSITION_MESSAGES } from "@sams-web/domain/chat/stage-transitions";
import { OPENING_MESSAGE } from "@sams-web/domain/chat/stages";
import { expectNoSeriousAxeViolations } from "../fixtures/axe.ts";

// A guest is interviewed by Sam through every stage, signs up, and
// finds the whole conversation in the account and in a new tab.

const ANSWERS = [
  "I love hiking in the mountains and cooking dinner for friends",
  "Weekends are for reading novels and long walks with my dog",
  "I hope to build a family and share a home with someone kind",
  "Honesty, loyalty and patience are what my friends always mention",
];

const log = (page: Page) => page.getByRole("log", { name: "Conversation with Sam" });

/**
 * Every message on the page. A long conversation opens with its history folded above the latest
 * turns, so this unfolds it first (once the conversation has loaded: its last message is shown).
 */
async function everyMessage(page: Page, last: string) {
  await expect(log(page)).toContainText(last);
  const unfold = page.getByRole("button", { name: /^Show our earlier conversation/ });
  if (await unfold.isVisible()) await unfold.click();
  const earlier = page.getByRole("list", { name: "Earlier in our conversation" }).getByRole("listitem");
  return earlier.or(log(page).getByRole("listitem"));
}
const sendButton = (page: Page) => page.getByRole("button", { name: /^(Send|Thinking|Responding)$/ });
const typing = (page: Page) => page.getByRole("button", { name: "Sam is typing. Show the whole message" });

/** Shows every message Sam is typing at once (a click reveals the rest), until the button reads Send. */
async function revealAll(page: Page): Promise<void> {
  for (let i = 0; i < 5; i++) {
    if ((await sendButton(page).textContent()) === "Send") return;
    if (await typing(page).isVisible()) await typing(page).click();
    await page.waitForTimeout(50);
  }
  await expect(sendButton(page)).toHaveText("Send");
}

const said = (page: Page) => log(page).getByRole("listitem").filter({ hasText: /^You:/ });

/** Sends one answer and waits for Sam's reply; a refused message (an alert, the draft kept) fails here. */
async function say(page: Page, text: string): Promise<void> {
  const before = await said(page).count();
  await page.getByPlaceholder("Type your response...").fill(text);
  await sendButton(page).click();
  await expect(sendButton(page)).not.toHaveText("Thinking", { timeout: 15_000 });
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(said(page)).toHaveCount(before + 1);
  await revealAll(page);
}

test("a guest chats through the whole interview, signs up, and finds the conversation in the account and a new tab", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto("/");

  // 'Bot replies use a typing effect': one character per 50 ms, and the button reads Responding.
  await expect(typing(page)).toBeVisible();
  await expect(sendButton(page)).toHaveText("Responding");
  const early = (await typing(page).textContent()) ?? "";
  await page.waitForTimeout(400);
  const later = (await typing(page).textContent()) ?? "";
  expect(later.length).toBeGreaterThan(early.length);
  expect(later.length).toBeLessThan(OPENING_MESSAGE.length);
  // A click shows the rest at once.
  await typing(page).click();
  await expect(log(page)).toContainText(`Sam: ${OPENING_MESSAGE}`);
  await expect(sendButton(page)).toHaveText("Send");

  // 'Empty or whitespace messages are not sent.'
  await page.getByPlaceholder("Type your response...").fill("    ");
  await sendButton(page).click();
  await expect(log(page).getByText("You:")).toHaveCount(0);

  // The button reads Thinking while the server works on the reply.
  await page.route("**/api/call/callSamApi", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByPlaceholder("Type your response...").fill(ANSWERS[0] as string);
  await sendButton(page).click();
  await expect(sendButton(page)).toHaveText("Thinking");
  await expect(log(page)).toContainText(`You: ${ANSWERS[0]}`);
  await expect(sendButton(page)).toHaveText("Responding");
  await page.unroute("**/api/call/callSamApi");
  await revealAll(page);

  // Guests are reminded that the history is not saved unless logged in.
  await expect(page.getByRole("button", { name: "Sign up or log in to save our chat" })).toBeVisible();

  let turn = 1;
  for (let guard = 0; guard < 40; guard++) {
    if ((await log(page).textContent())?.includes(TRANSITION_MESSAGES.complete)) break;
    // At the dealbreakers stage: the quick questions are skipped, and Sam's read-back confirmed.
    const skip = page.getByRole("button", { name: "Skip these questions" });
    const confirm = page.getByRole("button", { name: "Yes, that's right" });
    const tapped = (await skip.isVisible()) ? skip : (await confirm.isVisible()) ? confirm : null;
    if (!tapped) {
      await say(page, ANSWERS[turn++ % ANSWERS.length] as string);
      continue;
    }
    await tapped.click();
    // The buttons stay until Sam has the answer: wait for that, or the next turn taps them again.
    await expect(tapped).toBeHidden({ timeout: 15_000 });
    await expect(sendButton(page)).not.toHaveText("Thinking", { timeout: 15_000 });
    await revealAll(page);
  }
  for (const message of Object.values(TRANSITION_MESSAGES)) await expect(log(page)).toContainText(message);
  const guestItems = await log(page).getByRole("listitem").count();

  // Reloading shows the conversation where it stopped, with no typing.
  await page.reload();
  await expect(await everyMessage(page, TRANSITION_MESSAGES.complete)).toHaveCount(guestItems);
  await expect(sendButton(page)).toHaveText("Send");
  await expectNoSeriousAxeViolations(page);

  // Sign up from the guest reminder.
  await page.getByRole("button", { name: "Sign up or log in to save our chat" }).click();
  // By name: the cookie banner is a dialog too.
  // It opens on Sign Up, ready to type a name.
  const dialog = page.getByRole("dialog", { name: "Sign Up" });
  await expect(dialog.getByLabel("Your Name")).toBeFocused();
  const email = `guest-${Date.now()}@example.com`;
  await dialog.getByLabel("Your Name").fill("Charlotte");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("spider-silk-42");
  await dialog.getByLabel("Confirm Password").fill("spider-silk-42");
  await dialog.locator("form").getByRole("button", { name: "Sign Up", exact: true }).click();
  // The panel says where the verification link went before it lets the person carry on.
  const checkYourEmail = page.getByRole("dialog", { name: "Check your email" });
  await expect(checkYourEmail).toContainText(email, { timeout: 20_000 });
  await checkYourEmail.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("link", { name: /^Welcome, / })).toBeVisible();

  // The whole conversation is now the account's, and it left the browser.
  await expect(await everyMessage(page, TRANSITION_MESSAGES.complete)).toHaveCount(guestItems);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), GUEST_CONVERSATIONS_KEY)).toBeNull();

  // A new tab finds the whole conversation in the account.
  const second = await context.newPage();
  await second.goto("/");
  const inSecond = await everyMessage(second, TRANSITION_MESSAGES.complete);
  await expect(inSecond).toHaveCount(guestItems);
  await expect(inSecond.filter({ hasText: `You: ${ANSWERS[0]}` }).first()).toBeVisible();

  // A message sent in one tab reaches the other through the realtime channel.
  await say(page, "Thank you Sam, this was a lovely conversation today");
  await expect(log(second)).toContainText("You: Thank you Sam, this was a lovely conversation today");
  await expect(inSecond).toHaveCount(guestItems + 2, { timeout: 15_000 });
});

test("prefers-reduced-motion shows Sam's whole message at once", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(log(page)).toContainText(`Sam: ${OPENING_MESSAGE}`);
  await expect(sendButton(page)).toHaveText("Send");
  await context.close();
});

test("'other failures show: Sorry, something went wrong. Could you try again?' and the message stays in the input", async ({
  page,
}) => {
  await page.goto("/");
  await typing(page).click();
  await page.route("**/api/call/callSamApi", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":{"status":"INTERNAL","message":"x"}}',
    }),
  );
  await page.getByPlaceholder("Type your response...").fill(ANSWERS[0] as string);
  await sendButton(page).click();
  await expect(page.getByRole("alert")).toHaveText("Sorry, something went wrong. Could you try again?");
  await expect(page.getByPlaceholder("Type your response...")).toHaveValue(ANSWERS[0] as string);
  await expect(log(page).getByText("You:")).toHaveCount(0);
  await expect(sendButton(page)).toHaveText("Send");
});
