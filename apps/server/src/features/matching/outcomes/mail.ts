import { OUTCOME_LABELS, outcomeMailText } from "@sams-web/domain/matching/messages";
import { MATCH_OUTCOMES, type MatchOutcome } from "@sams-web/domain/matching/rules";
import { escapeHtml } from "../../../platform/mail/compose.ts";
import type { MailMessage } from "../../../platform/mail/mailer.ts";

/**
 * Fourteen days after a connection, to each of the two: did you meet? Three links, one per answer,
 * each a signed link that records it with one tap. It names the other person by first name only.
 */
export function outcomeMail(
  to: { name: string; email: string },
  otherFirstName: string,
  links: Readonly<Record<MatchOutcome, string>>,
): MailMessage {
  const text = outcomeMailText(to.name, otherFirstName);
  const answers = MATCH_OUTCOMES.map((outcome) => ({ label: OUTCOME_LABELS[outcome], link: links[outcome] }));
  return {
    to: { name: to.name, address: to.email },
    subject: text.subject,
    text: [
      text.greeting,
      text.question,
      answers.map(({ label, link }) => `${label}: ${link}`).join("\n"),
      text.after,
      text.signature,
    ].join("\n\n"),
    html: [
      `<p>${escapeHtml(text.greeting)}</p>`,
      `<p>${escapeHtml(text.question)}</p>`,
      `<ul>${answers.map(({ label, link }) => `<li><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></li>`).join("")}</ul>`,
      `<p>${escapeHtml(text.after)}</p>`,
      `<p>${escapeHtml(text.signature)}</p>`,
    ].join(""),
  };
}
