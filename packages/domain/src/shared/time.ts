// Durations in milliseconds, named once so every feature's windows and delays use the same units.

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/**
 * A year is 365 days: the cookie validity is stated as 31536000000 ms, which is 365 days, so every
 * "N years" window uses the same year to stay consistent with it.
 */
export const YEAR_MS = 365 * DAY_MS;
