import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface Introduction {
  to: { name: string; email: string };
  other: { name: string; email: string };
}

/**
 * Writes the introduction that follows a mutual confirmation as an .eml file in the outbox (the
 * embedded mail setup); nodemailer builds the message so headers and encodings are correct.
 * The only place another person's email address ever leaves the server.
 */
export async function writeIntroduction(outboxDir: string, intro: Introduction): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({
    from: { name: "Sam from Sam's Web", address: "sam@sams-web.local" },
    to: { name: intro.to.name, address: intro.to.email },
    subject: `Sam found you a match: meet ${intro.other.name}`,
    text: [
      `Hi ${intro.to.name},`,
      "",
      `You and ${intro.other.name} both kept each other in your webs and confirmed the match. Here is how to reach them:`,
      "",
      `${intro.other.name} <${intro.other.email}>`,
      "",
      "Say hello, be kind, and take your time getting to know each other.",
      "",
      "Sam",
    ].join("\n"),
  });
  await mkdir(outboxDir, { recursive: true });
  const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
  await writeFile(file, info.message as Buffer);
  return file;
}
