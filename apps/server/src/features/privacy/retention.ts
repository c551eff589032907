import { cutoff, RETENTION_JOBS, type RetentionJob } from "@sams-web/domain/privacy/rules";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/db/database-plugin.ts";
import type { Jobs } from "../../platform/jobs/jobs.ts";
import type { AccountLifecycle } from "../../platform/lifecycle/account-lifecycle.ts";
import {
  anonymiseAiChat,
  closeInactiveAccounts,
  countOverdueAccessRequests,
  purgeClosedAccounts,
  purgeConsentRecords,
  purgeConversationLogs,
  purgeDeletedAccounts,
  purgeTrafficLogs,
} from "./mutations.ts";

// The retention windows (RETENTION_JOBS) as daily jobs. Each run computes its cutoff from the
// clock it is given, so a run that was missed or repeated just catches up.

export interface RetentionDeps {
  db: Database;
  accountLifecycle: AccountLifecycle;
  log?: (message: string) => void;
}

type RetentionRun = (deps: RetentionDeps, cutoffAt: Date, now: Date) => Promise<number>;

/**
 * One run per window of RETENTION_JOBS. Windows for data this service does not
 * collect (customer care, transactions, identity documents) map to null: there is nothing to
 * delete, and a test checks that each of them really has no table.
 */
export const RETENTION_RUNS: Record<string, RetentionRun | null> = {
  "anonymise-ai-chat": ({ db }, at) => anonymiseAiChat(db, at),
  "purge-conversation-logs": ({ db }, at) => purgeConversationLogs(db, at),
  "close-inactive-accounts": ({ db }, at, now) => closeInactiveAccounts(db, at, now),
  "purge-closed-accounts": async ({ db, accountLifecycle }, at, now) => {
    const ids = await purgeClosedAccounts(db, at, now);
    // Files outside the database (photos) go through the same hook as a deletion by the owner.
    for (const id of ids) await accountLifecycle.accountDeleted(id);
    return ids.length;
  },
  "purge-deleted-accounts": ({ db }, at) => purgeDeletedAccounts(db, at),
  "purge-traffic-logs": ({ db }, at) => purgeTrafficLogs(db, at),
  "purge-consent-records": ({ db }, at) => purgeConsentRecords(db, at),
  "flag-overdue-access-requests": async ({ db, log }, at) => {
    const overdue = await countOverdueAccessRequests(db, at);
    if (overdue > 0) log?.(`${overdue} data access request(s) unanswered after 30 days`);
    return overdue;
  },
  "purge-customer-care-records": null,
  "purge-transaction-logs": null,
  "destroy-identity-verification-data": null,
};

/** Runs one retention window at `now` (tests pass a shifted clock). */
export async function runRetentionJob(deps: RetentionDeps, job: RetentionJob, now: number): Promise<number> {
  const run = RETENTION_RUNS[job.name];
  if (!run) return 0;
  return run(deps, new Date(cutoff(now, job.windowMs)), new Date(now));
}

export const retentionQueueName = (job: RetentionJob) => `retention-${job.name}`;

/** Daily at 03:17 UTC, a quiet hour for US users. */
const RETENTION_CRON = "17 3 * * *";

/** Every window with data to delete gets a handler on the job queue and a daily schedule. */
export async function registerRetentionJobs(deps: {
  db: Database;
  accountLifecycle: AccountLifecycle;
  jobs: Jobs;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
}): Promise<void> {
  const { jobs, log } = deps;
  const runDeps: RetentionDeps = { ...deps, log: (message) => log.warn(message) };
  // An account its owner deletes is gone at once, leaving no row (not even a tombstone) naming
  // it; the 'deleted accounts 90 days' window applies to accounts closed for inactivity.
  for (const job of RETENTION_JOBS) {
    if (!RETENTION_RUNS[job.name]) continue;
    const name = retentionQueueName(job);
    await jobs.work(name, async () => {
      const changed = await runRetentionJob(runDeps, job, Date.now());
      if (changed > 0) log.info({ job: job.name, changed }, "retention job ran");
    });
    await jobs.schedule(name, RETENTION_CRON, { runAtStart: true });
  }
}
