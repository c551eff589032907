import type { Jobs } from "../../platform/jobs/jobs.ts";
import type { OutcomeService } from "./outcomes/service.ts";
import type { MatchingService } from "./service.ts";

export const SEARCH_QUEUE = "matching-search";
export const FOLLOWUPS_QUEUE = "matching-followups";
export const OUTCOMES_QUEUE = "matching-outcomes";

/** Hourly, so a person is asked within the hour their connection turns fourteen days old. */
const OUTCOMES_CRON = "41 * * * *";

/** One run may take this long before it counts as lost with its process and is retried. */
const JOB_OPTIONS = { expireInSeconds: 120, retryLimit: 10, retryDelaySeconds: 5 } as const;

/**
 * Every claimed search, and every follow-up 'answered', has a job on the server's one job queue
 * (app.jobs, pg-boss in the same database). The steps the jobs run (the preliminary match,
 * scoring, the rescoring after follow-ups) are idempotent, so a job may run alongside the
 * browser's call, after a crash, or twice: the result and the match records come out the same.
 * A job lost with a crashed process expires and is retried; one scheduled for later simply runs
 * after the restart.
 */
export async function registerMatchingJobs(jobs: Jobs, service: MatchingService): Promise<void> {
  await jobs.work<{ userId: string }>(SEARCH_QUEUE, async ({ userId }) => service.resumeSearch(userId), JOB_OPTIONS);
  await jobs.work<{ userId: string; candidateId: string }>(
    FOLLOWUPS_QUEUE,
    async ({ userId, candidateId }) => service.resumeFollowups(userId, candidateId),
    JOB_OPTIONS,
  );
}

/**
 * The browser drives each step itself (the search's progress messages follow them); a job is the
 * safety net that finishes a step whose request died with the server. It waits
 * `resumeAfterSeconds` so that in the normal case it finds the step done and has nothing to do.
 */
export function matchingEnqueuers(jobs: Jobs, resumeAfterSeconds: number) {
  const later = () => new Date(Date.now() + resumeAfterSeconds * 1000);
  return {
    enqueueSearch: async (userId: string) => {
      await jobs.send(SEARCH_QUEUE, { userId }, { singletonKey: userId, startAfter: later() });
    },
    enqueueFollowups: async (userId: string, candidateId: string) => {
      await jobs.send(
        FOLLOWUPS_QUEUE,
        { userId, candidateId },
        { singletonKey: `${userId}:${candidateId}`, startAfter: later() },
      );
    },
  };
}

/**
 * The outcome sweep (OutcomeService.sweep) on a schedule shared by every instance, and once at
 * start so a sweep missed while the server was down catches up. Each ask is claimed in the
 * database before it is sent, so two sweeps running at once (a retried run beside a slow one, or
 * two instances) still ask each person once.
 */
export async function registerOutcomeJobs(jobs: Jobs, outcomes: OutcomeService): Promise<void> {
  await jobs.work(OUTCOMES_QUEUE, async () => {
    await outcomes.sweep();
  });
  await jobs.schedule(OUTCOMES_QUEUE, OUTCOMES_CRON, { runAtStart: true });
}
