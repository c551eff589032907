import { RETENTION, type RetentionWindow } from "./constants.ts";

// The retention windows of the privacy policy (SPEC section 9) as scheduled jobs. The server's
// job runner iterates this list, so adding a window here is what makes it run.

export type RetentionAction = "delete" | "anonymise" | "close" | "deadline";

export interface RetentionJob {
  /** Stable job name (kebab-case), used as the scheduler key. */
  name: string;
  window: RetentionWindow;
  windowMs: number;
  action: RetentionAction;
  /** What the job does, in words. */
  description: string;
}

function job(name: string, window: RetentionWindow, action: RetentionAction, description: string): RetentionJob {
  return { name, window, windowMs: RETENTION[window], action, description };
}

export const RETENTION_JOBS: readonly RetentionJob[] = [
  job(
    "purge-closed-accounts",
    "closedAccountSafetyWindowMs",
    "delete",
    "Deletes the data kept for safety about a closed account once 3 months have passed since closure.",
  ),
  job("close-inactive-accounts", "inactiveAccountMs", "close", "Closes accounts with no sign-in for 2 years."),
  job("purge-traffic-logs", "trafficLogsMs", "delete", "Deletes traffic logs older than 1 year."),
  job("purge-consent-records", "consentRecordsMs", "delete", "Deletes consent records older than 5 years."),
  job(
    "purge-customer-care-records",
    "customerCareRecordsMs",
    "delete",
    "Deletes customer care records older than 5 years.",
  ),
  job("purge-transaction-logs", "transactionLogsMs", "delete", "Deletes transaction logs older than 7 years."),
  job(
    "purge-deleted-accounts",
    "deletedAccountsMs",
    "delete",
    "Removes what remains of a deleted account (backups, tombstones) 90 days after deletion.",
  ),
  job(
    "anonymise-ai-chat",
    "aiChatAnonymisationMs",
    "anonymise",
    "Strips identifying details from AI chat data older than 30 days.",
  ),
  job("purge-conversation-logs", "conversationLogsMs", "delete", "Deletes conversation logs older than 180 days."),
  job(
    "destroy-identity-verification-data",
    "identityVerificationMs",
    "delete",
    "Destroys identity verification data at the latest 2 years after it was collected.",
  ),
  job(
    "flag-overdue-access-requests",
    "accessRequestResponseMs",
    "deadline",
    "Flags data access requests not answered within 30 days of receipt.",
  ),
];

/**
 * The instant before which (inclusive) a record has outlived `windowMs`: a record stamped exactly
 * at the cutoff is exactly one window old and is due. Jobs select `timestamp <= cutoff`.
 */
export function cutoff(now: number, windowMs: number): number {
  return now - windowMs;
}

/** Whether a record stamped `timestamp` has outlived `windowMs` at `now`. */
export function isPastRetention(timestamp: number, now: number, windowMs: number): boolean {
  return timestamp <= cutoff(now, windowMs);
}

/** For deadlines (access requests): the instant by which something started at `start` is due. */
export function dueBy(start: number, windowMs: number): number {
  return start + windowMs;
}
