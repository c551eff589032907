import { type NewPeopleNews, newPeopleMailText, unsubscribeFooter } from "@sams-web/domain/notifications/messages";
import type { EmailKind } from "@sams-web/domain/notifications/rules";
import { APP_PATHS } from "@sams-web/domain/shell/routes";
import { escapeHtml } from "../../platform/mail/compose.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";

/**
 * Sam found someone who may fit (the first email, or the day's digest): what waits, a link into
 * the app, and nothing about who.
 */
export function newPeopleMail(
  to: { name: string; email: string },
  news: NewPeopleNews,
  digest: boolean,
  publicUrl: string,
): MailMessage {
  const text = newPeopleMailText(to.name, news, digest);
  const link = new URL(APP_PATHS.home, publicUrl).toString();
  const paragraphs = [text.greeting, text.news, text.action];
  const after = [text.privacy, text.signature];
  return {
    to: { name: to.name, address: to.email },
    subject: text.subject,
    link,
    text: [...paragraphs, link, ...after].join("\n\n"),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p>`,
      ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    ].join(""),
  };
}

/**
 * An email that can be turned off, as it goes out: a footer with the unsubscribe link, and the
 * List-Unsubscribe and List-Unsubscribe-Post headers of RFC 8058, with which a mail program offers
 * its own one-click unsubscribe (it posts `List-Unsubscribe=One-Click` to the link).
 */
export function withUnsubscribe(mail: MailMessage, kind: EmailKind, link: string): MailMessage {
  const footer = unsubscribeFooter(kind);
  return {
    ...mail,
    text: `${mail.text}\n\n--\n${footer}\n${link}`,
    html: `${mail.html}<hr><p style="font-size:small;color:#555">${escapeHtml(footer)}<br><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p>`,
    headers: {
      ...mail.headers,
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
