import { MESSAGES } from "@sams-web/domain/shared/messages";
import { paragraphMail } from "../../platform/mail/compose.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";

/** Tells a person their account is suspended, and how to ask for a second look. */
export function suspendedMail(to: { name: string; email: string }): MailMessage {
  return paragraphMail(to, MESSAGES.suspendedMailSubject, [
    `Hi ${to.name},`,
    "After reviewing reports about your account, a moderator has suspended it: you cannot sign in, and nobody will be shown your profile.",
    "If you think this is a mistake, reply to this email from this address and a moderator will look again.",
    "Sam's Web",
  ]);
}
