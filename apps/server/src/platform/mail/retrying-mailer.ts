import type { Jobs } from "../jobs/jobs.ts";
import type { MailAttempt } from "../metrics/metrics.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export const MAIL_RETRY_QUEUE = "mail-retry";

/**
 * A mail server that is down for a while (restarting, rate-limiting us) does not lose a mail:
 * another try every 5 minutes, 13 in all, about an hour.
 */
export const MAIL_RETRY = { retryLimit: 12, retryDelaySeconds: 300, expireInSeconds: 120 } as const;

/** Told of each try to hand a mail to the transport (the metrics count them). */
export type MailAttemptObserver = (attempt: MailAttempt, outcome: "sent" | "failed") => void;

/** Tells `observe` how `send` went, and lets its failure through. */
async function observed(send: Promise<void>, attempt: MailAttempt, observe?: MailAttemptObserver): Promise<void> {
  try {
    await send;
    observe?.(attempt, "sent");
  } catch (error) {
    observe?.(attempt, "failed");
    throw error;
  }
}

/** Tries again, from the job queue, each mail `withRetries` could not send: one worker per server. */
export async function registerMailRetries(jobs: Jobs, transport: Mailer, observe?: MailAttemptObserver): Promise<void> {
  await jobs.work<{ message: MailMessage }>(
    MAIL_RETRY_QUEUE,
    ({ message }) => observed(transport.send(message), "retry", observe),
    MAIL_RETRY,
  );
}

/**
 * Sends at once, as before; a mail the server refuses or cannot take now goes on the job queue
 * (in the database, so it survives a restart) and is tried again from there
 * (registerMailRetries). The sender is told it is on its way either way: only a failure to queue
 * it (the database is down too) reaches it. A mail may, rarely, arrive twice (a try that failed
 * after the server took it); never not at all while the server comes back within the hour.
 */
export function withRetries(
  transport: Mailer,
  jobs: Jobs,
  log: (error: unknown) => void,
  observe?: MailAttemptObserver,
): Mailer {
  return {
    driver: transport.driver,
    async send(message) {
      try {
        await observed(transport.send(message), "first", observe);
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
