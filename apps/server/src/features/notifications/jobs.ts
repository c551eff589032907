import type { Jobs } from "../../platform/jobs/jobs.ts";
import type { NotificationService } from "./service.ts";

/** A person's news goes out: queued as soon as it happens. */
export const NOTIFY_QUEUE = "notify";
/** The day's digest of news of new people: queued for when the day since the last email is over. */
export const NOTIFY_DIGEST_QUEUE = "notify-digest";

/**
 * Per person, one delivery waits and one runs at a time ("stately", keyed by the person): news that
 * arrives while one waits is picked up by it. A delivery is idempotent (each notice is claimed
 * before it is emailed or pushed), so a retried or lost-and-rerun job tells nothing twice.
 *
 * A worker takes up to 25 deliveries each time it looks, five at a time. It looks again at once
 * after a batch that took two seconds or more, else when the two seconds are over: so the batch,
 * not the work, set the pace (ten a look told at most five people a second, and a burst of
 * searches kept people waiting past the minute; bench/notify-latency.ts). Five at once leave most
 * of the database's connections to requests, and a push service that hangs (10 s a push) leaves a
 * batch of 25 within its expiry.
 */
const JOB_OPTIONS = {
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 30,
  policy: "stately",
  batchSize: 25,
  concurrency: 5,
} as const;

export async function registerNotificationJobs(jobs: Jobs, service: NotificationService): Promise<void> {
  await jobs.work<{ userId: string }>(NOTIFY_QUEUE, ({ userId }) => service.deliver(userId), JOB_OPTIONS);
  await jobs.work<{ userId: string }>(NOTIFY_DIGEST_QUEUE, ({ userId }) => service.deliver(userId), JOB_OPTIONS);
}

export function notificationEnqueuers(jobs: Jobs) {
  return {
    deliverSoon: async (userId: string) => {
      await jobs.send(NOTIFY_QUEUE, { userId }, { singletonKey: userId });
    },
    deliverAt: async (userId: string, at: Date) => {
      await jobs.send(NOTIFY_DIGEST_QUEUE, { userId }, { singletonKey: userId, startAfter: at });
    },
  };
}
