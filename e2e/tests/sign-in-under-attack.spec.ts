import { SIGN_IN_FAILURES_BEFORE_HARDER_CHECK } from "@sams-web/domain/accounts/rules";
import { solveBotcheck } from "../fixtures/botcheck.ts";
import { expect, test } from "../fixtures/test.ts";
import { BASE_URL } from "../playwright.config.ts";

test("after wrong passwords from elsewhere, the owner still logs in: the browser solves the harder check by itself", async ({
  page,
  context,
  signUp,
}) => {
  const person = await signUp(context, "Owner Person");
  await context.clearCookies();
  // Someone else tries passwords on this account.
  for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_HARDER_CHECK; i += 1) {
    const guess = await context.request.post("/api/auth/sign-in/email", {
      data: { email: person.email, password: `wrong-guess-${i}-xyz` },
      headers: { origin: BASE_URL, "x-botcheck": await solveBotcheck(context.request) },
    });
    expect(guess.status()).toBe(401);
  }
  await context.clearCookies();

  const challenges: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/botcheck/challenge")) challenges.push(request.url());
  });
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign Up / Log In" }).click();
  // By name: the cookie banner is a dialog too.
  const panel = page.getByRole("dialog", { name: /^(Login|Sign Up)$/ });
  await panel.getByLabel("Email").fill(person.email);
  await panel.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await panel.locator("form").getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Welcome, Owner Person!" })).toBeVisible({
    timeout: 30_000,
  });
  expect(challenges.some((url) => url.includes("level=harder"))).toBe(true);
});
