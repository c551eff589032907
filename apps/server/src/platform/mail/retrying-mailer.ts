import type { Jobs } from "../jobs/jobs.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export const MAIL_RETRY_QUEUE = "mail-retry";

/**
 * A mail server that is down for a while (restarting, rate-limiting us) does not lose a mail:
 * another try every 5 minutes, 13 in all, about an hour.
 */
export const MAIL_RETRY = { retryLimit: 12, retryDelaySeconds: 300, expireInSeconds: 120 } as const;

/** Tries again, from the job queue, each mail `withRetries` could not send: one worker per server. */
export async function registerMailRetries(jobs: Jobs, transport: Mailer): Promise<void> {
  await jobs.work<{ message: MailMessage }>(MAIL_RETRY_QUEUE, ({ message }) => transport.send(message), MAIL_RETRY);
}

/**
 * Sends at once, as before; a mail the server refuses or cannot take now goes on the job queue
 * (in the database, so it survives a restart) and is tried again from there
 * (registerMailRetries). The sender is told it is on its way either way: only a failure to queue
 * it (the database is down too) reaches it. A mail may, rarely, arrive twice (a try that failed
 * after the server took it); never not at all while the server comes back within the hour.
 */
export function withRetries(transport: Mailer, jobs: Jobs, log: (error: unknown) => void): Mailer {
  return {
    driver: transport.driver,
    async send(message) {
      try {
        await transport.send(message);
      } catch (error) {
        log(error);
        await jobs.send(
          MAIL_RETRY_QUEUE,
          { message },
          { startAfter: new Date(Date.now() + MAIL_RETRY.retryDelaySeconds * 1000) },
        );
      }
    },
  };
}
