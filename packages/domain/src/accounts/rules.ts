// The accounts' rules and business constants: passwords, links sent by email, re-authentication,
// deletion and the session's token refresh. Free of zod: the first page refreshes the session.
import { HOUR_MS, MINUTE_MS, SECOND_MS } from "../shared/time.ts";

export const PASSWORD_MIN_LENGTH = 6;
/** The server's stricter policy: at least 8 characters and not a commonly used password. */
export const SERVER_PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused so one request cannot make the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;
/** Email verification links stay valid 24 hours, password reset links 1 hour; each works once. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * HOUR_MS;
export const RESET_TOKEN_TTL_MS = 1 * HOUR_MS;
/**
 * Password-reset emails sent to one address per UTC day. Past it the request is answered exactly
 * as before (nothing tells whether the account exists) but no email goes out, so nobody can fill a
 * stranger's inbox; a sixth request that day is the owner's only loss.
 */
export const PASSWORD_RESET_EMAILS_PER_DAY = 5;

/**
 * Verification emails (the sign-up's and every resend) one mailbox may receive in a UTC day, from
 * all the accounts on it together: whoever signs up with a stranger's address decides when one is
 * sent, so its count is capped as reset emails are. Past it the sign-up still succeeds without an
 * email, and the owner asking for another is told to try tomorrow.
 */
export const VERIFICATION_EMAILS_PER_DAY = 5;

/**
 * Wrong passwords are counted per account and per account-and-address, over an hour. Past
 * SIGN_IN_FAILURES_BEFORE_HARDER_CHECK for the account (from anywhere), every sign-in to it needs
 * the harder bot check, HARDER_BOTCHECK_FACTOR times the work: a script guessing slows to a crawl
 * while the owner, who knows the password, still gets in from any address after a few seconds'
 * check. Only past SIGN_IN_FAILURES_PER_ADDRESS from one address is that address refused for that
 * account: an attacker can lock out no one but themselves.
 */
export const SIGN_IN_FAILURE_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_IN_FAILURES_BEFORE_HARDER_CHECK = 5;
export const SIGN_IN_FAILURES_PER_ADDRESS = 10;
export const HARDER_BOTCHECK_FACTOR = 20;
/** The query string that asks GET /api/botcheck/challenge for the harder challenge. */
export const HARDER_BOTCHECK_QUERY = "level=harder";
/** Deleting the account needs a sign-in at most this old, else re-authentication. */
export const RECENT_LOGIN_MS = 5 * MINUTE_MS;
/** After a successful password reset, redirect to / after 3 seconds. */
export const RESET_REDIRECT_MS = 3 * SECOND_MS;
/** Account deletion requires typing this word. */
export const DELETE_CONFIRMATION_WORD = "delete";

/** Account deletion requires typing 'delete' (surrounding spaces forgiven, case not). */
export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION_WORD;
}

/** Coming back online refreshes the token at most 5 times ... */
export const TOKEN_REFRESH_MAX_ATTEMPTS = 5;
/** ... waiting 5 s times the attempt number before each retry. */
export const TOKEN_REFRESH_DELAY_MS = 5 * SECOND_MS;

/**
 * Delay before token-refresh attempt `attempt` (1-based): 5 s, 10 s, ... 25 s.
 * Returns null past the last allowed attempt so callers cannot retry forever.
 */
export function tokenRefreshDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > TOKEN_REFRESH_MAX_ATTEMPTS) return null;
  return TOKEN_REFRESH_DELAY_MS * attempt;
}

/** A product claim shown in copy, not enforced: free in beta, later a one-time fee of 10 dollars for lifetime access. */
export const LIFETIME_FEE_USD = 10;
