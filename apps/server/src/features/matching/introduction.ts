import type { MailMessage } from "../../platform/mail/mailer.ts";

export interface Introduction {
  to: { name: string; email: string };
  other: { name: string; email: string };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The introduction that follows a mutual confirmation, sent through the mail platform: the only
 * place another person's email address ever leaves the server, and only to the other person.
 */
export function introductionMail(intro: Introduction): MailMessage {
  const paragraphs = [
    `Hi ${intro.to.name},`,
    `You and ${intro.other.name} both kept each other in your webs and confirmed the match. Here is how to reach them:`,
    `${intro.other.name} <${intro.other.email}>`,
    "Say hello, be kind, and take your time getting to know each other.",
    "Sam",
  ];
  return {
    to: { name: intro.to.name, address: intro.to.email },
    subject: `Sam found you a match: meet ${intro.other.name}`,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
  };
}
