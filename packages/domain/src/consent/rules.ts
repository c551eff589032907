import { DAY_MS, YEAR_MS } from "../shared/time.ts";

// Cookie preferences: what is stored, how long it is valid and how the browser's and the
// profile's copies are reconciled. Timestamps are epoch milliseconds.
// Free of zod on purpose: the browser's first page imports this file (see schemas.ts for the schema).

/** Cookie preferences are valid 1 year (31536000000 ms) from the last change. */
export const COOKIE_PREFERENCE_VALIDITY_MS = YEAR_MS;
/** Cookie durations stated by the policy: necessary up to 30 days, functional 1 year, analytics 2 years. */
export const COOKIE_MAX_AGE_MS = {
  necessary: 30 * DAY_MS,
  functional: YEAR_MS,
  analytics: 2 * YEAR_MS,
} as const;

/** Browser storage key: preferences are stored in the browser under cookiePreferences. */
export const COOKIE_PREFERENCES_KEY = "cookiePreferences";

/** The stored shape. */
export interface CookiePreferences {
  bannerDismissed: boolean;
  analytics: boolean;
  adTracking: boolean;
  /** One year after the last change (see isExpired for the exact boundary). */
  expiry: number;
}

/**
 * Checked by hand rather than with zod: the cookie banner is on every page, and zod would not fit
 * the first page's budget (bench/README.md). Unknown keys are dropped rather than rejected so a
 * copy written by an older version still parses instead of silently resetting the user's choice.
 */
export function toCookiePreferences(value: unknown): CookiePreferences | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.bannerDismissed !== "boolean" || typeof v.analytics !== "boolean" || typeof v.adTracking !== "boolean") {
    return null;
  }
  if (typeof v.expiry !== "number" || !Number.isSafeInteger(v.expiry) || v.expiry < 0) return null;
  return { bannerDismissed: v.bannerDismissed, analytics: v.analytics, adTracking: v.adTracking, expiry: v.expiry };
}

/** The toggles a user can change. */
export type CookieChoice = Partial<Pick<CookiePreferences, "bannerDismissed" | "analytics" | "adTracking">>;

export function expiryFrom(now: number): number {
  return now + COOKIE_PREFERENCE_VALIDITY_MS;
}

/** 'Accept All': analytics and ad tracking on, banner hidden. */
export function acceptAll(now: number): CookiePreferences {
  return { bannerDismissed: true, analytics: true, adTracking: true, expiry: expiryFrom(now) };
}

/** 'Manage Cookies': both off and banner hidden (the caller then navigates to /privacy-settings). */
export function manageCookies(now: number): CookiePreferences {
  return { bannerDismissed: true, analytics: false, adTracking: false, expiry: expiryFrom(now) };
}

/**
 * Applies a change made on the privacy settings page. Every change restarts the one-year
 * validity, because the year counts "from last change". With nothing stored yet the base is
 * "everything off, banner not dismissed": non-essential cookies are off unless accepted.
 */
export function withChange(prefs: CookiePreferences | null, change: CookieChoice, now: number): CookiePreferences {
  const base = prefs ?? { bannerDismissed: false, analytics: false, adTracking: false };
  return {
    bannerDismissed: change.bannerDismissed ?? base.bannerDismissed,
    analytics: change.analytics ?? base.analytics,
    adTracking: change.adTracking ?? base.adTracking,
    expiry: expiryFrom(now),
  };
}

/**
 * Validity is the half-open interval [last change, expiry): at the expiry millisecond exactly one
 * year has elapsed, so the choice is no longer valid.
 */
export function isExpired(prefs: CookiePreferences, now: number): boolean {
  return now >= prefs.expiry;
}

/** Reads the browser copy; anything unreadable counts as "no choice made" rather than an error. */
export function parseStored(raw: string | null): CookiePreferences | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  return toCookiePreferences(json);
}

export interface ResolvedPreferences {
  /** What is in force now; null means no valid choice exists (everything off, banner shown). */
  preferences: CookiePreferences | null;
  /** The browser copy expired and nothing replaces it: remove it. */
  clearLocal: boolean;
  /** The profile copy expired: write null to users/{uid}/profile/privacySettings. */
  clearServer: boolean;
  /** The profile copy is newer: overwrite the browser copy with it. */
  saveLocal: boolean;
  /** The browser copy is newer than (or missing from) the profile: a signed-in client saves it there. */
  saveServer: boolean;
}

/**
 * Merges the browser copy with the profile copy: expired copies are dropped
 * (and the server copy cleared), and a strictly newer profile copy overrides the local one.
 * Newer means later expiry, i.e. a later last change. On a tie the local copy stands and nothing
 * is written, so two tabs cannot ping-pong identical writes. Pass server = null for guests and
 * ignore saveServer then.
 */
export function resolvePreferences(
  local: CookiePreferences | null,
  server: CookiePreferences | null,
  now: number,
): ResolvedPreferences {
  const localExpired = local !== null && isExpired(local, now);
  const serverExpired = server !== null && isExpired(server, now);
  const l = localExpired ? null : local;
  const s = serverExpired ? null : server;

  const serverWins = s !== null && (l === null || s.expiry > l.expiry);
  const localWins = l !== null && (s === null || l.expiry > s.expiry);
  return {
    preferences: serverWins ? s : l,
    clearLocal: localExpired && !serverWins,
    clearServer: serverExpired,
    saveLocal: serverWins,
    saveServer: localWins,
  };
}

/** The banner shows when no (valid) preferences exist or the banner was not dismissed. */
export function shouldShowBanner(prefs: CookiePreferences | null): boolean {
  return prefs === null || !prefs.bannerDismissed;
}

/** "With preferences stored and banner dismissed, analytics follows them"; otherwise off. */
export function analyticsEnabled(prefs: CookiePreferences | null): boolean {
  return prefs?.bannerDismissed === true && prefs.analytics;
}

/** Ad tracking (the tracking pixel) follows the same rule as analytics. */
export function adTrackingEnabled(prefs: CookiePreferences | null): boolean {
  return prefs?.bannerDismissed === true && prefs.adTracking;
}

/**
 * What the privacy settings page's toggles show when no valid choice is stored. The defaults
 * differ per screen (privacy page: enabled; login flow: disabled). These are only
 * the toggles' initial positions: nothing non-essential loads until the user saves a choice.
 */
export function defaultToggles(context: "privacyPage" | "loginFlow"): { analytics: boolean; adTracking: boolean } {
  const on = context === "privacyPage";
  return { analytics: on, adTracking: on };
}

/**
 * Reads the browser copy from storage that may be missing or throw (private mode, disabled
 * storage, a sandboxed frame): no storage counts as "no choice made".
 */
export function readStored(
  storage: { getItem(key: string): string | null } | null | undefined,
): CookiePreferences | null {
  if (!storage) return null;
  try {
    return parseStored(storage.getItem(COOKIE_PREFERENCES_KEY));
  } catch {
    return null;
  }
}

/**
 * Another tab changed storage ('storage' event). Returns what now applies, or undefined when the
 * event is about something else. A removal (key null = storage cleared, or newValue null) means
 * "no choice made"; an expired or unreadable copy counts the same.
 */
export function fromStorageEvent(
  event: { key: string | null; newValue: string | null },
  now: number,
): CookiePreferences | null | undefined {
  if (event.key !== null && event.key !== COOKIE_PREFERENCES_KEY) return undefined;
  const next = event.key === null ? null : parseStored(event.newValue);
  return next !== null && isExpired(next, now) ? null : next;
}

/**
 * Whether the ad network's pixel may see a page at this address. Only an address that is a path
 * alone: the query string or fragment of a page opened from an email carries a secret (a reset or
 * verification code, an outcome link's token), and the pixel reads the page's whole address with
 * every event it sends. On any other page it loads and counts no view; it counts the next clean one.
 */
export function pixelMaySee(address: { search: string; hash: string }): boolean {
  return address.search === "" && address.hash === "";
}
