import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { MailMessage } from "../../platform/mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Tells a person their account is suspended, and how to ask for a second look. */
export function suspendedMail(to: { name: string; email: string }): MailMessage {
  const paragraphs = [
    `Hi ${to.name},`,
    "After reviewing reports about your account, a moderator has suspended it: you cannot sign in, and nobody will be shown your profile.",
    "If you think this is a mistake, reply to this email from this address and a moderator will look again.",
    "Sam's Web",
  ];
  return {
    to: { name: to.name, address: to.email },
    subject: MESSAGES.suspendedMailSubject,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
  };
}
