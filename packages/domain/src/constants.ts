// Business constants of SPEC section 9 (and the few elsewhere in the spec), named once so the
// server, the web app and the tests cannot drift apart. Durations are milliseconds.

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/**
 * A year is 365 days: the spec's own figure for the cookie validity (31536000000 ms) is 365 days,
 * so every "N years" window below uses the same year to stay consistent with it.
 */
export const YEAR_MS = 365 * DAY_MS;

// Chat
/** Typing effect: one character per 50 ms. */
export const TYPING_MS_PER_CHAR = 50;

// Settings
/** Settings are auto-saved after a 750 ms debounce (never while a slider is being dragged). */
export const SETTINGS_DEBOUNCE_MS = 750;
/** 'Settings saved!' stays visible for 2 seconds. */
export const SETTINGS_SAVED_NOTICE_MS = 2 * SECOND_MS;

// Search radius (miles), ZIP, age
export const RADIUS_MIN = 1;
export const RADIUS_MAX = 500;
export const RADIUS_DEFAULT = 25;
export const ZIP_LENGTH = 5;
/** Registration is 18+ only; the minimum age of a preference is also 18. */
export const MIN_AGE = 18;
/** The earliest year a birthday may fall in (a guard against typos such as 0199). */
export const BIRTHDAY_MIN_YEAR = 1900;
/** Lowest possible minimum-age offset (but never below age 18). */
export const AGE_OFFSET_LOWEST = -20;
/** The minimum-age offset is at most -5 (unless age 18 forces it higher, see profile-rules). */
export const AGE_OFFSET_MIN_UPPER = -5;
/** Maximum-age offset: from +5 ... */
export const AGE_OFFSET_MAX_LOW = 5;
/** ... to +20. */
export const AGE_OFFSET_MAX_HIGH = 20;

// Display name
/** Not in the spec; a bound so a name always fits the header's "Welcome, {name}!". */
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** Header fallback when neither the profile nor the auth account has a name. */
export const DEFAULT_DISPLAY_NAME = "User";

// Search and matching
/** A new search is allowed 7 days (604800000 ms) after the last one started. */
export const SEARCH_RETRY_MS = 7 * DAY_MS;
/** ... or whenever fewer than 3 non-'no' matches exist. */
export const SEARCH_MIN_LIVE_MATCHES = 3;
/** After accepting a match no new one is shown for 30 days. */
export const MATCH_COOLDOWN_MS = 30 * DAY_MS;

// Consent
/** Cookie preferences are valid 1 year (31536000000 ms) from the last change. */
export const COOKIE_PREFERENCE_VALIDITY_MS = YEAR_MS;
/** Cookie durations stated by the policy: necessary up to 30 days, functional 1 year, analytics 2 years. */
export const COOKIE_MAX_AGE_MS = {
  necessary: 30 * DAY_MS,
  functional: YEAR_MS,
  analytics: 2 * YEAR_MS,
} as const;

// Accounts
export const PASSWORD_MIN_LENGTH = 6;
/** The server's stricter policy: at least 8 characters and not a commonly used password. */
export const SERVER_PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused so one request cannot make the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;
/** Email verification links stay valid 24 hours, password reset links 1 hour; each works once. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * HOUR_MS;
export const RESET_TOKEN_TTL_MS = 1 * HOUR_MS;
/** Deleting the account needs a sign-in at most this old, else re-authentication. */
export const RECENT_LOGIN_MS = 5 * MINUTE_MS;
/** After a successful password reset, redirect to / after 3 seconds. */
export const RESET_REDIRECT_MS = 3 * SECOND_MS;
/** Account deletion requires typing this word. */
export const DELETE_CONFIRMATION_WORD = "delete";

// Photos
/** After saving photos, return to /settings after 1 second. */
export const PHOTO_SAVE_REDIRECT_MS = 1 * SECOND_MS;
export const PHOTOS_MIN = 2;
export const PHOTOS_MAX = 5;
/** Photos are square JPEGs of exactly this many pixels per side; uploads must be at least this big. */
export const PHOTO_SIZE_PX = 560;
export const PHOTO_JPEG_QUALITY = 0.95;
/** Cropper keyboard nudge steps: plain arrow, with shift, with ctrl or meta. */
export const CROP_NUDGE_STEPS = { base: 1, shift: 10, ctrlOrMeta: 100 } as const;

// Connectivity
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

// Product claims (shown in copy, not enforced)
/** Free in beta; later a one-time fee of 10 dollars for lifetime access. */
export const LIFETIME_FEE_USD = 10;
/** Matches are rare: about one every six months. */
export const MATCH_FREQUENCY_MONTHS = 6;

/**
 * Retention windows of the privacy policy (SPEC section 9). "Months" are taken as 30 days and
 * years as 365 days; the 3-month safety window is therefore 90 days.
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
