import type pg from "pg";
import PgBoss from "pg-boss";
import type { MatchingService } from "./service.ts";

export const SEARCH_QUEUE = "matching-search";

export interface SearchJobs {
  /** Schedules the durable completion of a search that has passed its preliminary match. */
  enqueue(userId: string): Promise<void>;
  stop(): Promise<void>;
}

export interface SearchJobOptions {
  /**
   * The browser drives the steps itself (the spec's progress messages follow them); the job is
   * the safety net that finishes a search whose request died with the server. It waits this long
   * so that in the normal case it finds the search done and has nothing to do.
   */
  resumeAfterSeconds: number;
  pollingIntervalSeconds?: number;
}

/**
 * Every search that reaches scoring has a pg-boss job on the same database. The step it runs,
 * matchingAlgo, is idempotent, so the job may run alongside the browser's call, after a crash,
 * or twice: the result and the match records come out the same. A job lost with a crashed
 * process expires and is retried; one scheduled for later simply runs after the restart.
 */
export async function startSearchJobs(
  pool: pg.Pool,
  service: MatchingService,
  options: SearchJobOptions,
  onError: (error: unknown) => void = () => {},
): Promise<SearchJobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: "pgboss",
    supervise: true,
    schedule: false,
  });
  boss.on("error", onError);
  await boss.start();
  await boss.createQueue(SEARCH_QUEUE, { name: SEARCH_QUEUE, policy: "standard" });
  await boss.work<{ userId: string }>(
    SEARCH_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
    async ([job]) => {
      if (job) await service.resumeSearch(job.data.userId);
    },
  );
  return {
    async enqueue(userId) {
      await boss.send(
        SEARCH_QUEUE,
        { userId },
        {
          singletonKey: userId,
          startAfter: options.resumeAfterSeconds,
          retryLimit: 10,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: 120,
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000, close: false });
    },
  };
}
