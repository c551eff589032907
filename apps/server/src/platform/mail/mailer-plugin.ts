import fp from "fastify-plugin";
import { createMailer, type Mailer } from "./mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The one mail platform every feature sends through (SMTP_URL, else the outbox). */
    mailer: Mailer;
  }
}

/** A given mailer (a test's fake), else the configured one, logging through the app's logger. */
export const mailerPlugin = fp<{ mailer?: Mailer }>(
  async (app, { mailer }) => {
    app.decorate("mailer", mailer ?? createMailer(app.config, (line) => app.log.warn(line)));
  },
  { name: "mailer", dependencies: ["config"] },
);
