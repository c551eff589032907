import fp from "fastify-plugin";
import { createMailer, type Mailer } from "./mailer.ts";
import { registerMailRetries, withRetries } from "./retrying-mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The one mail platform every feature sends through (SMTP_URL, else the outbox). */
    mailer: Mailer;
  }
}

/**
 * A given mailer (a test's fake), else the configured one, logging through the app's logger;
 * either way a mail that cannot be sent now is tried again from the job queue.
 */
export const mailerPlugin = fp<{ mailer?: Mailer }>(
  async (app, { mailer }) => {
    const transport = mailer ?? createMailer(app.config, (line) => app.log.warn(line));
    const observe = app.metrics.mailSent;
    await registerMailRetries(app.jobs, transport, observe);
    app.decorate(
      "mailer",
      withRetries(
        transport,
        app.jobs,
        (error) => app.log.warn({ err: error }, "a mail could not be sent now; it will be tried again"),
        observe,
      ),
    );
  },
  { name: "mailer", dependencies: ["config", "jobs", "metrics"] },
);
