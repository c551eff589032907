import escapeHtml from "escape-html";
import type { MailMessage } from "./mailer.ts";

export { escapeHtml };

/**
 * A mail of plain paragraphs to one person: the text joins them with blank lines, the HTML puts
 * each, escaped, in a paragraph of its own.
 */
export function paragraphMail(to: { name: string; email: string }, subject: string, paragraphs: string[]): MailMessage {
  return {
    to: { name: to.name, address: to.email },
    subject,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(""),
  };
}
