import { RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from "@sams-web/domain/accounts/rules";
import type { Config } from "../../config.ts";
import type { Database } from "../../platform/db/database-plugin.ts";
import { escapeHtml } from "../../platform/mail/compose.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { countVerificationEmail, issueToken } from "./mutations.ts";

function compose(intro: string, action: string, link: string, outro: string) {
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n\nSam's Web`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>Sam's Web</p>`;
  return { text, html };
}

/** The two emails of the accounts feature; links point at the SPA's pages with an oobCode. */
export function createAccountMail(options: { config: Config; db: Database; mailer: Mailer }) {
  const { config, db, mailer } = options;
  const link = (page: string, token: string) => `${config.publicUrl}${page}?oobCode=${encodeURIComponent(token)}`;

  return {
    /**
     * Sends a fresh verification link, unless the mailbox had VERIFICATION_EMAILS_PER_DAY today
     * (from all its accounts together). Answers whether it went out. The email greets nobody by
     * name: until the address is verified, the name is whatever the person who typed the address
     * chose, and the mailbox may be a stranger's.
     */
    async sendVerification(user: { id: string; email: string }): Promise<boolean> {
      if (!(await countVerificationEmail(db, user.id, new Date()))) return false;
      const token = await issueToken(db, {
        purpose: "verify-email",
        userId: user.id,
        ttlMs: VERIFICATION_TOKEN_TTL_MS,
      });
      const url = link("/verify-email", token);
      await mailer.send({
        to: user.email,
        subject: "Verify your email for Sam's Web",
        link: url,
        ...compose(
          "Hello, please confirm this is your email address for Sam's Web.",
          "Verify my email",
          url,
          "The link works once and expires in 24 hours. If you did not sign up, ignore this email.",
        ),
      });
      return true;
    },

    async sendPasswordReset(user: { id: string; email: string }): Promise<void> {
      const token = await issueToken(db, { purpose: "reset-password", userId: user.id, ttlMs: RESET_TOKEN_TTL_MS });
      const url = link("/reset-password", token);
      await mailer.send({
        to: user.email,
        subject: "Reset your Sam's Web password",
        link: url,
        ...compose(
          "Someone asked to reset the password of your Sam's Web account.",
          "Choose a new password",
          url,
          "The link works once and expires in 1 hour. If it was not you, ignore this email: your password stays as it is.",
        ),
      });
    },

    /**
     * Says the account is gone, to the address it had, once it is deleted: a deletion made from a
     * session someone else held is then seen by the owner. No link: there is nothing left to open.
     */
    async sendAccountDeleted(email: string): Promise<void> {
      const intro = "Your Sam's Web account has been deleted, with your profile, conversations, matches and photos.";
      const outro = "If you did not ask for this, reply to this email and we will look into it with you.";
      await mailer.send({
        to: email,
        subject: "Your Sam's Web account is deleted",
        text: `${intro}\n\n${outro}\n\nSam's Web`,
        html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p><p>Sam's Web</p>`,
      });
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
