import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";

export interface MailMessage {
  /** An address, or a name and address (nodemailer writes `Name <address>` with proper encoding). */
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about, if any; with no SMTP server it is written to the log. */
  link?: string;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** "smtp" when SMTP_URL is set, else "outbox" (.eml files in DATA_DIR/outbox). */
  readonly driver: "smtp" | "outbox";
}

export type MailLog = (line: string) => void;

/**
 * Nodemailer over SMTP_URL; without it, each mail becomes an .eml file in DATA_DIR/outbox and
 * one log line carries its link, so a fresh `npm start` can verify an account with no mail server.
 */
export function createMailer(config: Config, log: MailLog = defaultLog(config)): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      driver: "smtp",
      async send(message) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
      },
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    driver: "outbox",
    async send(message) {
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer);
      const to = typeof message.to === "string" ? message.to : message.to.address;
      log(`mail to ${to} ("${message.subject}") written to ${file}${message.link ? `; link: ${message.link}` : ""}`);
    },
  };
}

function defaultLog(config: Config): MailLog {
  if (config.LOG_LEVEL === "silent") return () => {};
  return (line) => process.stdout.write(`${line}\n`);
}
