import { SAM_FIRST_SEARCH_DELAY_MS } from "@sams-web/domain/matching/rules";
import type { Jobs } from "../../../platform/jobs/jobs.ts";
import type { StandingSearches } from "./service.ts";

/** One person's search by Sam. */
export const SAM_SEARCH_QUEUE = "matching-sam-search";
/** Every minute, the standing searches that are due go to SAM_SEARCH_QUEUE. */
export const SAM_SWEEP_QUEUE = "matching-sam-sweep";
const SAM_SWEEP_CRON = "* * * * *";

/**
 * Per person, one of Sam's searches waits and one runs at a time ("stately", keyed by the person),
 * whichever instance runs it. A search with a language model scorer may take minutes; one that is
 * lost with its process is run again after its expiry, and finds its search claimed or done.
 * A worker takes a few at a time, so one instance runs a day's searches for a large population.
 */
const SEARCH_JOB = {
  expireInSeconds: 600,
  retryLimit: 3,
  retryDelaySeconds: 60,
  policy: "stately",
  batchSize: 4,
} as const;

export async function registerSamSearchJobs(jobs: Jobs, standing: StandingSearches): Promise<void> {
  await jobs.work<{ userId: string }>(
    SAM_SEARCH_QUEUE,
    async ({ userId }) => {
      await standing.run(userId);
    },
    SEARCH_JOB,
  );
  await jobs.work(SAM_SWEEP_QUEUE, async () => {
    await standing.sweep();
  });
  await jobs.schedule(SAM_SWEEP_QUEUE, SAM_SWEEP_CRON, { runAtStart: true });
}

/** Queues a person's search by Sam: now (a due standing search), or at a given time. */
export async function queueSamSearch(jobs: Jobs, userId: string, at?: Date): Promise<void> {
  await jobs.send(SAM_SEARCH_QUEUE, { userId }, { singletonKey: userId, ...(at ? { startAfter: at } : {}) });
}

/**
 * A person just became searchable: Sam searches a few minutes from now (SAM_FIRST_SEARCH_DELAY_MS),
 * unless they press Begin Search meanwhile, and about daily from then on.
 */
export async function queueFirstSamSearch(jobs: Jobs, userId: string, now: number): Promise<void> {
  await queueSamSearch(jobs, userId, new Date(now + SAM_FIRST_SEARCH_DELAY_MS));
}
