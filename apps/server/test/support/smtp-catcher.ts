import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";

export interface CaughtMail {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server that keeps every mail it is given, for SMTP_URL: mail travels the real SMTP
 * path. `listen` starts it (on `port`, else any free one) and answers the port; the file's
 * afterAll closes it.
 */
export function smtpCatcher(): { received: CaughtMail[]; listen(port?: number): Promise<number> } {
  const received: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return {
    received,
    listen: async (port = 0) => {
      await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
      return (smtp.server.address() as AddressInfo).port;
    },
  };
}
