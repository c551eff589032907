import { DAY_MS, YEAR_MS } from "../shared/time.ts";

// The retention windows of the privacy policy and the scheduled jobs that enforce them. The
// server's job runner iterates RETENTION_JOBS, so adding a window there is what makes it run.

/**
 * Retention windows of the privacy policy. "Months" are taken as 30 days and years as 365 days;
 * the 3-month safety window is therefore 90 days.
 */
export const RETENTION = {
  /** Safety window: data of a closed account is kept 3 months, then deleted. */
  closedAccountSafetyWindowMs: 90 * DAY_MS,
  /** Accounts inactive for 2 years are closed. */
  inactiveAccountMs: 2 * YEAR_MS,
  trafficLogsMs: YEAR_MS,
  consentRecordsMs: 5 * YEAR_MS,
  customerCareRecordsMs: 5 * YEAR_MS,
  transactionLogsMs: 7 * YEAR_MS,
  /** Residual data of deleted accounts is purged after 90 days. */
  deletedAccountsMs: 90 * DAY_MS,
  /** AI chat data is anonymised after 30 days. */
  aiChatAnonymisationMs: 30 * DAY_MS,
  conversationLogsMs: 180 * DAY_MS,
  /** Identity verification data is destroyed within 2 years at most. */
  identityVerificationMs: 2 * YEAR_MS,
  /** Data access requests are answered within 30 days (a deadline, not a deletion). */
  accessRequestResponseMs: 30 * DAY_MS,
} as const;

export type RetentionWindow = keyof typeof RETENTION;

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
