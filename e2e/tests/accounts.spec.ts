import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config.ts";

const PASSWORD = "violet-harbor-42-lantern";

/** The newest mail to `to` in the outbox with a `${page}?oobCode=` link, as a path to open. */
async function linkFromOutbox(to: string, page: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const text = (await readFile(path.join(outbox, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!text.includes(`To: ${to}`)) continue;
      const match = text.match(new RegExp(`https?://[^\\s"<>]+(${page}\\?oobCode=[A-Za-z0-9_-]+)`));
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${page} mail to ${to}`);
}

/** Whether a mail to `to` with `text` in it is in the outbox. */
async function outboxHas(to: string, text: string): Promise<boolean> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  for (const file of await readdir(outbox).catch(() => [] as string[])) {
    const mail = await readFile(path.join(outbox, file), "utf8");
    if (mail.includes(`To: ${to}`) && mail.includes(text)) return true;
  }
  return false;
}

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function openPanel(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" }).click();
  // By name: the cookie banner is a dialog too.
  return page.getByRole("dialog", { name: /^(Login|Sign Up)$/ });
}

async function signUp(page: Page, input: { name: string; email: string; password?: string; confirm?: string }) {
  const panel = await openPanel(page);
  await panel.getByRole("button", { name: "Sign Up", exact: true }).first().click();
  await panel.getByLabel("Your Name").fill(input.name);
  await panel.getByLabel("Email").fill(input.email);
  await panel.getByLabel("Password", { exact: true }).fill(input.password ?? PASSWORD);
  await panel.getByLabel("Confirm Password").fill(input.confirm ?? input.password ?? PASSWORD);
  await panel.locator("form").getByRole("button", { name: "Sign Up", exact: true }).click();
  return panel;
}

/** After a sign-up the panel says where the verification link went; Continue closes it. */
async function continueAfterSignUp(page: Page, email: string) {
  const notice = page.getByRole("dialog", { name: "Check your email" });
  await expect(notice).toContainText(email, { timeout: 20_000 });
  await notice.getByRole("button", { name: "Continue" }).click();
  await expect(notice).toHaveCount(0);
}

async function logIn(page: Page, email: string, password: string) {
  const panel = await openPanel(page);
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: true }).fill(password);
  await panel.locator("form").getByRole("button", { name: "Login", exact: true }).click();
  return panel;
}

test("the login panel shows the product's fields, links and validation messages", async ({ page }) => {
  await page.goto("/");
  const panel = await openPanel(page);
  await expect(panel.getByRole("link", { name: "Forgot Password" })).toHaveAttribute("href", "/reset-password");
  await expect(panel.getByRole("button", { name: "Login with Google" })).toBeVisible();
  await expect(panel.getByText("or", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Cancel" })).toBeVisible();

  await panel.getByRole("button", { name: "Sign Up", exact: true }).first().click();
  await expect(panel.getByLabel("Your Name")).toBeVisible();
  await expect(panel.getByLabel("Confirm Password")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Sign Up with Google" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Forgot Password" })).toHaveCount(0);

  const form = panel.locator("form");
  // The rule is stated before anything is typed, under the field it is about.
  await expect(panel.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "At least 8 characters, and not a commonly used password.",
  );
  await panel.getByLabel("Email").fill(uniqueEmail("validation"));
  await panel.getByLabel("Password", { exact: true }).fill("violet-harbor-1");
  await panel.getByLabel("Confirm Password").fill("violet-harbor-2");
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText("Passwords do not match");
  await expect(panel.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByLabel("Confirm Password")).toBeFocused();

  await panel.getByLabel("Password", { exact: true }).fill("abc");
  await panel.getByLabel("Confirm Password").fill("abc");
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText("Password must be at least 6 characters.");
  await expect(panel.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await panel.getByLabel("Email").fill("not-an-email");
  await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await panel.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(panel.getByRole("alert")).toHaveText("Invalid email address.");
  await expect(panel.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  // The server's stricter policy, checked by the form itself: a password the server would refuse
  // ("abcdef", "hunter22", a common one) never leaves the browser.
  const signUpRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/sign-up")) signUpRequests.push(request.url());
  });
  await panel.getByLabel("Email").fill(uniqueEmail("policy"));
  for (const refused of ["abcdef", "hunter22", "password123"]) {
    await panel.getByLabel("Password", { exact: true }).fill(refused);
    await panel.getByLabel("Confirm Password").fill(refused);
    await form.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(panel.getByRole("alert")).toHaveText(
      "Please choose a password of at least 8 characters that is not a commonly used password.",
    );
  }
  expect(signUpRequests).toEqual([]);
  // The toggle shows what was typed, and hides it again.
  await panel.getByRole("button", { name: "Show password" }).click();
  await expect(panel.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await panel.getByRole("button", { name: "Show password" }).click();
  await expect(panel.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");

  await panel
    .getByRole("button", { name: "Login with Google" })
    .or(panel.getByRole("button", { name: "Sign Up with Google" }))
    .click();
  await expect(panel.getByRole("alert")).toHaveText(
    "Google sign-in is not configured on this server. Please use your email and password.",
  );
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: /^(Login|Sign Up)$/ })).toHaveCount(0);
});

test("sign up, verify the email from its link, log out and back in, then delete the account", async ({ page }) => {
  // A whole account's life in one test (two sign-ups, a wrong password's harder bot check, a
  // deletion): each step waits on its own expectation, and together they outlast the default.
  test.setTimeout(180_000);
  const email = uniqueEmail("journey");
  await page.goto("/");
  await signUp(page, { name: "Robin <Web>", email });
  await continueAfterSignUp(page, email);
  await expect(page.getByRole("dialog", { name: /^(Login|Sign Up)$/ })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Robin Web!" })).toBeVisible();

  // 'Email already in use.' for a second sign-up with the same address, from another browser.
  const other = await page.context().browser()!.newPage();
  await other.goto("/");
  const dup = await signUp(other, { name: "Copy", email });
  await expect(dup.getByRole("alert")).toHaveText("Email already in use.", { timeout: 20_000 });
  await other.close();

  // The verification email lands in the outbox; its link verifies.
  const link = await linkFromOutbox(email, "/verify-email");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email Verified!");
  await page.getByRole("link", { name: "Continue to Chat" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Robin Web!" })).toBeVisible();

  // The same link a second time fails.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verification Failed");
  await expect(
    page.getByText("There was a problem verifying your email. The link may have expired or already been used."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();

  // Verified: no resend link. Log out from settings.
  await page.getByRole("banner").getByRole("link", { name: "Welcome, Robin Web!" }).click();
  await expect(page.getByRole("button", { name: "Resend verification link" })).toHaveCount(0);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" })).toBeVisible();

  // A wrong password, then the right one; the session survives a reload.
  const wrong = await logIn(page, email, "not-my-password-9");
  await expect(wrong.getByRole("alert")).toHaveText("Invalid email or password.", { timeout: 20_000 });
  await wrong.getByRole("button", { name: "Cancel" }).click();
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Robin Web!" })).toBeVisible({
    timeout: 20_000,
  });
  await page.reload();
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Robin Web!" })).toBeVisible();

  // Delete Account: the popup requires typing 'delete'.
  await page.getByRole("banner").getByRole("link", { name: "Welcome, Robin Web!" }).click();
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog").filter({ has: page.getByLabel("Type 'delete' to confirm") });
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await dialog.getByLabel("Type 'delete' to confirm").fill("remove");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type 'delete' to confirm").fill("delete");
  // A password account is asked for its password up front, with the word; a wrong one deletes nothing.
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Your password").fill("not-my-password-9");
  await confirm.click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Failed to reauthenticate. Please check your password and try again.",
  );
  await dialog.getByLabel("Your password").fill(PASSWORD);
  await confirm.click();
  // It ends on a screen that says so, and a short email says so too.
  await expect(page).toHaveURL("/account-deleted");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is deleted");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("account-deleted.png") });
  await expect.poll(() => outboxHas(email, "Your Sam's Web account is deleted")).toBe(true);

  // The account is gone: logging in again fails.
  const gone = await logIn(page, email, PASSWORD);
  await expect(gone.getByRole("alert")).toHaveText("Invalid email or password.", { timeout: 20_000 });
});

test("a verification link opened signed out asks to log in to its account, then verifies; in another account's browser it says so", async ({
  browser,
}) => {
  const email = uniqueEmail("elsewhere");
  const laptop = await browser.newPage();
  await laptop.goto("/");
  await signUp(laptop, { name: "Noor", email });
  await continueAfterSignUp(laptop, email);
  await expect(laptop.getByRole("banner").getByRole("link", { name: "Welcome, Noor!" })).toBeVisible({
    timeout: 20_000,
  });
  const link = await linkFromOutbox(email, "/verify-email");

  // Someone else signed in (a shared computer): the link is not theirs to use, and stays usable.
  const shared = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await shared.goto("/");
  const sharedEmail = uniqueEmail("other");
  await signUp(shared, { name: "Other", email: sharedEmail });
  await continueAfterSignUp(shared, sharedEmail);
  await expect(shared.getByRole("banner").getByRole("link", { name: "Welcome, Other!" })).toBeVisible({
    timeout: 20_000,
  });
  await shared.goto(link);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("Log in to verify your email");
  await expect(shared.getByText("This link was sent for another account.")).toBeVisible();
  await shared.screenshot({ path: test.info().outputPath("verify-other-account-390.png"), fullPage: true });
  await shared.close();

  // On a phone where nobody is signed in (or a mail scanner): nothing is verified until the
  // account's own password is typed here.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(link);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Log in to verify your email");
  await phone.screenshot({ path: test.info().outputPath("verify-sign-in-first-390.png"), fullPage: true });
  await phone.getByRole("main").getByRole("button", { name: "Log In" }).click();
  const panel = phone.getByRole("dialog", { name: /^(Login|Sign Up)$/ });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await panel.locator("form").getByRole("button", { name: "Login", exact: true }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Email Verified!", { timeout: 20_000 });
  await phone.screenshot({ path: test.info().outputPath("verify-after-log-in-390.png"), fullPage: true });
  await phone.close();
  await laptop.close();
});

test("resend verification from settings shows 'Verification email sent. Check your inbox.'", async ({ page }) => {
  const email = uniqueEmail("resend");
  await page.goto("/");
  await signUp(page, { name: "Sky", email });
  await continueAfterSignUp(page, email);
  await page.getByRole("banner").getByRole("link", { name: "Welcome, Sky!" }).click();
  await page.getByRole("button", { name: "Resend verification link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Verification email sent. Check your inbox." }),
  ).toBeVisible();
});

test("forgot password end to end", async ({ page }) => {
  const email = uniqueEmail("forgot");
  await page.goto("/");
  await signUp(page, { name: "Quinn", email });
  await continueAfterSignUp(page, email);
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Quinn!" })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole("banner").getByRole("link", { name: "Welcome, Quinn!" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" })).toBeVisible();

  // Forgot Password is a full page load to /reset-password.
  const panel = await openPanel(page);
  await panel.getByRole("link", { name: "Forgot Password" }).click();
  await expect(page).toHaveURL("/reset-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot Your Password?");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for this email, a password reset link has been sent.")).toBeVisible(
    {
      timeout: 20_000,
    },
  );

  // A made-up code stays in request mode with an error.
  await page.goto("/reset-password?oobCode=made-up-code");
  await expect(page.getByText("Invalid or expired password reset link.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot Your Password?");

  const link = await linkFromOutbox(email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset Your Password");
  await page.getByLabel("New Password", { exact: true }).fill("copper-kettle-1");
  await page.getByLabel("Confirm New Password").fill("copper-kettle-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match.");
  await page.getByLabel("New Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm New Password").fill("abc");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters long.");

  const newPassword = "copper-kettle-sings-77";
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Your password has been reset successfully! You can now log in.")).toBeVisible();
  await expect(page).toHaveURL("/", { timeout: 6_000 });

  const old = await logIn(page, email, PASSWORD);
  await expect(old.getByRole("alert")).toHaveText("Invalid email or password.", { timeout: 20_000 });
  await old.getByRole("button", { name: "Cancel" }).click();
  await logIn(page, email, newPassword);
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Quinn!" })).toBeVisible({
    timeout: 20_000,
  });
});

test("coming back online refreshes the session, retrying up to 5 times at 5 s × attempt", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("online");
  await page.goto("/");
  await signUp(page, { name: "Olive", email });
  await continueAfterSignUp(page, email);
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Olive!" })).toBeVisible({
    timeout: 20_000,
  });

  // The first two refreshes fail; the third, 5 s and then 10 s later, succeeds.
  const calls: number[] = [];
  await page.route("**/api/auth/get-session", async (route) => {
    calls.push(Date.now());
    if (calls.length <= 2) await route.abort("failed");
    else await route.continue();
  });
  await page.context().setOffline(true);
  await expect(page.getByText("Working offline - Some features may be limited")).toBeVisible();
  await page.context().setOffline(false);
  await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(3);
  expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(4_900);
  expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(9_900);
  await page.waitForTimeout(1_000);
  expect(calls.length).toBe(3);
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Olive!" })).toBeVisible({
    timeout: 20_000,
  });
});
