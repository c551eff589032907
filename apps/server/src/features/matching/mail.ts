import { MESSAGES } from "@sams-web/domain/shared/messages";
import { APP_PATHS } from "@sams-web/domain/shell/routes";
import { escapeHtml, paragraphMail } from "../../platform/mail/compose.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";

export interface Introduction {
  to: { name: string; email: string };
  other: { name: string; email: string };
}

/**
 * The introduction that follows a mutual confirmation, sent through the mail platform: the only
 * place another person's email address ever leaves the server, and only to the other person.
 */
export function introductionMail(intro: Introduction): MailMessage {
  return paragraphMail(intro.to, `Sam found you a match: meet ${intro.other.name}`, [
    `Hi ${intro.to.name},`,
    `You and ${intro.other.name} both kept each other in your webs and confirmed the match. Here is how to reach them:`,
    `${intro.other.name} <${intro.other.email}>`,
    "Say hello, be kind, and take your time getting to know each other.",
    "Sam",
  ]);
}

/**
 * Both people kept each other in photo review: each is told, once, that a pending match waits for
 * them. It names no one and carries no address: the page behind the link shows who, to the person
 * signed in.
 */
export function mutualMatchMail(to: { name: string; email: string }, publicUrl: string): MailMessage {
  const link = new URL(APP_PATHS.matchConfirmation, publicUrl).toString();
  const paragraphs = [
    `Hi ${to.name},`,
    "Someone you kept in your web kept you too. Sam has put your pending match aside for you:",
    link,
    "Have a look, and press Confirm and Connect if you would like to meet. Your email address is shared only if you both confirm.",
    "Sam",
  ];
  return {
    to: { name: to.name, address: to.email },
    subject: MESSAGES.mutualMatchMailSubject,
    text: paragraphs.join("\n\n"),
    html: paragraphs
      .map((p) =>
        p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
      )
      .join(""),
  };
}
