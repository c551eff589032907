import type { Jobs } from "../../platform/jobs/jobs.ts";
import type { MatchingService } from "./service.ts";

export const SEARCH_QUEUE = "matching-search";

/**
 * Every claimed search has a job on the server's one job queue (context.jobs, pg-boss in the same
 * database). The steps it runs (the preliminary match, then scoring) are idempotent, so the job
 * may run alongside the browser's calls, after a crash, or twice: the result and the match
 * records come out the same. A job lost with a crashed process expires and is retried; one
 * scheduled for later simply runs after the restart.
 */
export async function registerSearchJobs(jobs: Jobs, service: MatchingService): Promise<void> {
  await jobs.work<{ userId: string }>(SEARCH_QUEUE, async ({ userId }) => service.resumeSearch(userId), {
    expireInSeconds: 120,
    retryLimit: 10,
    retryDelaySeconds: 5,
  });
}

/**
 * Schedules the durable completion of a search as soon as it is claimed. The
 * browser drives the steps itself (the spec's progress messages follow them); the job is the
 * safety net that finishes a search whose request died with the server. It waits
 * `resumeAfterSeconds` so that in the normal case it finds the search done and has nothing to do.
 */
export function searchEnqueuer(jobs: Jobs, resumeAfterSeconds: number): (userId: string) => Promise<void> {
  return async (userId) => {
    await jobs.send(
      SEARCH_QUEUE,
      { userId },
      { singletonKey: userId, startAfter: new Date(Date.now() + resumeAfterSeconds * 1000) },
    );
  };
}
