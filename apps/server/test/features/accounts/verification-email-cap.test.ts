import { VERIFICATION_EMAILS_PER_DAY } from "@sams-web/domain/accounts/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { describe, expect, it } from "vitest";
import { oobCodeIn, post } from "../../support/accounts.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { type Mail, mailsTo } from "../../support/outbox.ts";

// A verification email goes to an address nobody has proven yet, so whoever signs up with a
// stranger's address decides when it is sent. It must not become a way to fill that stranger's
// inbox, nor to put words of the sender's choosing in front of them.

const { app, config } = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: "1000" });

/** The verification emails in the outbox whose recipient's address contains `box`. */
async function verificationMailsTo(box: string): Promise<Mail[]> {
  return (await mailsTo({ config }, box)).filter((mail) => oobCodeIn(mail.text, "/verify-email") !== null);
}

describe("verification emails to one mailbox", () => {
  it(`at most ${VERIFICATION_EMAILS_PER_DAY} a day, however many accounts on it ask, and never with the sender's words`, async () => {
    const box = `victim${Date.now()}`;
    const greeting = "Claim your prize at evil.example now";
    const accounts = [
      await signUp(app, { email: `${box}+1@example.com`, name: greeting }),
      await signUp(app, { email: `${box}+2@example.com`, name: greeting }),
    ];
    const answers = [];
    for (const account of accounts) {
      for (let i = 0; i < 10; i += 1) {
        answers.push(
          await post(app, "/api/call/sendCustomVerificationEmail", { data: {} }, { cookie: account.cookie }),
        );
      }
    }
    // Another mailbox still gets its own: once it has arrived, so have all mails sent before it.
    const other = await signUp(app, { email: `someone-else-${Date.now()}@example.com` });
    const deadline = Date.now() + 10_000;
    while ((await verificationMailsTo(other.email)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mails = await verificationMailsTo(box);
    expect(mails).toHaveLength(VERIFICATION_EMAILS_PER_DAY);
    for (const mail of mails) expect(mail.text).not.toContain("evil.example");
    // The owner asking again past the cap is told plainly; nothing is sent.
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().error.message).toBe(MESSAGES.verificationEmailDailyLimit);
    }
  });
});
