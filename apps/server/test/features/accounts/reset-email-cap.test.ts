import { PASSWORD_RESET_EMAILS_PER_DAY } from "@sams-web/domain/accounts/rules";
import { describe, expect, it } from "vitest";
import { oobCodeIn, post } from "../../support/accounts.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { mailsTo } from "../../support/outbox.ts";

const { app, config } = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: "1000" });

/** How many reset emails to `email` are in the outbox, once the count stops growing. */
async function resetMailsTo(email: string, expectAtLeast: number): Promise<number> {
  const count = async () =>
    (await mailsTo({ config }, email)).filter((mail) => oobCodeIn(mail.text, "/reset-password") !== null).length;
  const deadline = Date.now() + 10_000;
  while ((await count()) < expectAtLeast && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return count();
}

describe("password-reset emails per address per day", () => {
  it(`sends at most ${PASSWORD_RESET_EMAILS_PER_DAY} a day to one address, answering every request the same way`, async () => {
    const { email } = await signUp(app);
    const answers = [];
    for (let i = 0; i < PASSWORD_RESET_EMAILS_PER_DAY + 3; i += 1) {
      const response = await post(
        app,
        "/api/call/sendCustomPasswordResetEmail",
        { data: { email } },
        { botcheck: true, remoteAddress: `198.51.100.${i}` },
      );
      answers.push(`${response.statusCode} ${response.body}`);
    }
    expect(new Set(answers).size).toBe(1);
    // Another address still gets its own; once it has arrived, so have all the mails sent before it.
    const other = await signUp(app);
    await post(app, "/api/call/sendCustomPasswordResetEmail", { data: { email: other.email } }, { botcheck: true });
    expect(await resetMailsTo(other.email, 1)).toBe(1);
    expect(await resetMailsTo(email, PASSWORD_RESET_EMAILS_PER_DAY)).toBe(PASSWORD_RESET_EMAILS_PER_DAY);
  });

  it("an unknown address gets the same answer, capped or not", async () => {
    const send = async (email: string, i: number) =>
      post(
        app,
        "/api/call/sendCustomPasswordResetEmail",
        { data: { email } },
        { botcheck: true, remoteAddress: `203.0.113.${i}` },
      );
    const known = (await signUp(app)).email;
    const answers = new Set<string>();
    for (let i = 0; i < PASSWORD_RESET_EMAILS_PER_DAY + 1; i += 1) {
      answers.add((await send("nobody-here@example.com", i)).body);
      answers.add((await send(known, i + 50)).body);
    }
    expect(answers.size).toBe(1);
  });
});
