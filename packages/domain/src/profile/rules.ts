// The profile's rules and business constants: display name, birthday and age, the age
// preference, search radius, gender and status. Free of zod: schemas.ts holds the checks built on
// these rules.
import type { MessageCode } from "../shared/messages.ts";
import { SECOND_MS } from "../shared/time.ts";
import { PROFILE_MESSAGES } from "./messages.ts";

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
/** The minimum-age offset is at most -5 (unless age 18 forces it higher, see ageOffsetBounds). */
export const AGE_OFFSET_MIN_UPPER = -5;
/** Maximum-age offset: from +5 ... */
export const AGE_OFFSET_MAX_LOW = 5;
/** ... to +20. */
export const AGE_OFFSET_MAX_HIGH = 20;

/**
 * A person's ZIP code may change 3 times per UTC day: moving the search around is how a stranger
 * would be located, and nobody moves more often than that.
 */
export const ZIP_CHANGES_PER_DAY = 3;
/** A birthday may change once per UTC day ... */
export const BIRTHDAY_CHANGES_PER_DAY = 1;
/**
 * ... and 3 times ever (setting it the first time included), enough to correct a mistake: stepping
 * one's own birthday shifts the age range a search covers, which would reveal others' ages.
 */
export const BIRTHDAY_CHANGES_MAX = 3;

/** A bound of our own so a name always fits the header's "Welcome, {name}!". */
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** Header fallback when neither the profile nor the auth account has a name. */
export const DEFAULT_DISPLAY_NAME = "User";

// ── Display name ─────────────────────────────────────────────────────────────────────────

/** Strips < > " ' & and trims, so a name is safe wherever it is echoed. */
export function sanitizeName(raw: string): string {
  return raw.replace(/[<>"'&]/g, "").trim();
}

/**
 * The display name chosen at sign-up: the sanitised name, else the part of the email before the
 * @ (sanitised too, since local parts may contain ' and &). It is cut to the display-name limit
 * instead of failing, because sign-up has no length error to show; "User" is the last resort.
 */
export function displayNameFromSignup(name: string, email: string): string {
  const fromName = sanitizeName(name);
  const at = email.indexOf("@");
  const candidate = fromName !== "" ? fromName : sanitizeName(at >= 0 ? email.slice(0, at) : email);
  const cut = candidate.slice(0, DISPLAY_NAME_MAX_LENGTH).trim();
  return cut !== "" ? cut : DEFAULT_DISPLAY_NAME;
}

/** Header fallback chain: profile name, then auth name, then "User". */
export function headerDisplayName(profileName: string | null | undefined, authName: string | null | undefined): string {
  for (const n of [profileName, authName]) {
    if (typeof n === "string" && n.trim() !== "") return n.trim();
  }
  return DEFAULT_DISPLAY_NAME;
}

// ── Birthday and age ─────────────────────────────────────────────────────────────────────

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Parses 'YYYY-MM-DD' into a real calendar date, or null. Date's own parser is avoided because it
 * rolls 2023-02-30 over into March and reads date-only strings as UTC.
 */
export function parseIsoDate(s: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** The calendar date `d` falls on in the process's local time zone. */
export function localCalendarDate(d: Date): CalendarDate {
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

/**
 * Whole years between `birthday` and the local calendar date of `today`. A person born on
 * 29 February becomes a year older on 1 March in non-leap years (28 February is still "before"
 * the birthday). Throws RangeError on a string that is not a calendar date: validate with
 * birthdaySchema first. "Today" is the local date of the process, so the server's TZ decides the
 * day on which an age ticks over.
 */
export function ageOn(birthday: string, today: Date): number {
  const b = parseIsoDate(birthday);
  if (b === null) throw new RangeError(`Not a calendar date: ${birthday}`);
  const t = localCalendarDate(today);
  const hadBirthday = t.month > b.month || (t.month === b.month && t.day >= b.day);
  return t.year - b.year - (hadBirthday ? 0 : 1);
}

// The settings fields' checks, as plain functions: the zod schemas apply them on the server, and
// the settings page applies them as the person types without loading zod.

/** Exactly five ASCII digits. Whether the ZIP exists is the server's question ('ZIP code not found'). */
export const ZIP_CODE_PATTERN = /^\d{5}$/;

/** Why a display name, once sanitised (sanitizeName), cannot be saved; null when it can. */
export function displayNameProblem(sanitised: string): string | null {
  if (sanitised.length < 1) return PROFILE_MESSAGES.displayNameRequired;
  if (sanitised.length > DISPLAY_NAME_MAX_LENGTH) return PROFILE_MESSAGES.displayNameTooLong;
  return null;
}

/**
 * Why a birthday cannot be saved on `today`, the first failing rule only (so the form shows one
 * message): a valid calendar date, not before 1900, and at least 18 years ago. Null when it can.
 */
export function birthdayProblem(value: string, today: Date): string | null {
  const date = parseIsoDate(value);
  if (date === null) return PROFILE_MESSAGES.birthdayInvalid;
  if (date.year < BIRTHDAY_MIN_YEAR) return PROFILE_MESSAGES.birthdayTooEarly;
  if (ageOn(value, today) < MIN_AGE) return PROFILE_MESSAGES.birthdayTooYoung;
  return null;
}

// ── Age preference ───────────────────────────────────────────────────────────────────────

export interface AgeOffsetBounds {
  /** Lowest allowed ageRangeMin (a negative offset from the user's age). */
  minLowest: number;
  /** Highest allowed ageRangeMin. */
  minHighest: number;
  /** Lowest allowed ageRangeMax (a positive offset). */
  maxLowest: number;
  /** Highest allowed ageRangeMax. */
  maxHighest: number;
}

/**
 * Slider bounds for the age preference. Two rules meet here:
 *  - the minimum age is at least 18 and at most the user's age, and the offset is floored at -20:
 *    minLowest = max(18 - age, -20);
 *  - the minimum offset is at most -5.
 * For ages 18-22 they conflict (18 - age > -5); the 18-year floor wins because it is a legal
 * limit, so the minimum age is pinned at 18: minHighest = max(-5, minLowest). Resulting ranges:
 *  age 18 → [0, 0], 20 → [-2, -2], 22 → [-4, -4], 23 → [-5, -5], 24 → [-6, -5],
 *  38 → [-20, -5], 60 → [-20, -5].
 * The maximum offset is always +5 to +20 (no upper age limit exists to conflict with).
 * Throws RangeError for an age that is not a whole number of at least 18.
 */
export function ageOffsetBounds(age: number): AgeOffsetBounds {
  if (!Number.isInteger(age) || age < MIN_AGE) throw new RangeError(`Age must be an integer ≥ ${MIN_AGE}: ${age}`);
  const minLowest = Math.max(MIN_AGE - age, AGE_OFFSET_LOWEST);
  const minHighest = Math.max(AGE_OFFSET_MIN_UPPER, minLowest);
  return { minLowest, minHighest, maxLowest: AGE_OFFSET_MAX_LOW, maxHighest: AGE_OFFSET_MAX_HIGH };
}

export interface AgeRange {
  ageRangeMin: number;
  ageRangeMax: number;
}

function clampInt(value: number | null | undefined, lo: number, hi: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(hi, Math.max(lo, Math.round(value)));
}

/**
 * Brings stored offsets inside the bounds for `age` (e.g. after a birthday change). A missing or
 * non-finite offset becomes the bound nearest the user's own age, the narrowest legal range.
 */
export function clampAgeRange(
  age: number,
  range: Partial<{ ageRangeMin: number | null; ageRangeMax: number | null }>,
): AgeRange {
  const b = ageOffsetBounds(age);
  return {
    ageRangeMin: clampInt(range.ageRangeMin, b.minLowest, b.minHighest, b.minHighest),
    ageRangeMax: clampInt(range.ageRangeMax, b.maxLowest, b.maxHighest, b.maxLowest),
  };
}

/** The preferred ages in years for display and search: [age + ageRangeMin, age + ageRangeMax]. */
export function preferredAges(age: number, range: AgeRange): { minAge: number; maxAge: number } {
  return { minAge: age + range.ageRangeMin, maxAge: age + range.ageRangeMax };
}

// ── Gender and status ────────────────────────────────────────────────────────────────────

/** '' stands for non-binary or unselected. */
export const GENDERS = ["man", "woman", ""] as const;
export type Gender = (typeof GENDERS)[number];

/** The toggle cycles man → woman → '' → man. */
export function nextGender(g: Gender): Gender {
  const i = GENDERS.indexOf(g);
  return GENDERS[(i + 1) % GENDERS.length] ?? "man";
}

export const STATUSES = ["unavailable", "active"] as const;
export type Status = (typeof STATUSES)[number];
export const DEFAULT_STATUS: Status = "unavailable";
export const STATUS_LABELS: Readonly<Record<Status, string>> = {
  unavailable: "Unavailable",
  active: "Still Looking",
};
/** The notice shown after the status toggle saved. */
export const STATUS_UPDATED_MESSAGE: Readonly<Record<Status, MessageCode>> = {
  active: "statusUpdatedActive",
  unavailable: "statusUpdatedUnavailable",
};

/** The status toggle is disabled until email is verified, chat complete and pictures uploaded. */
export function canChangeStatus(p: { verified: boolean; chatComplete: boolean; picturesUploaded: boolean }): boolean {
  return p.verified && p.chatComplete && p.picturesUploaded;
}

// ── Profile fields ───────────────────────────────────────────────────────────────────────

/** Fields only the server writes; a client update naming any of them is rejected (schemas.ts checks each is a profile field). */
export const SERVER_OWNED_PROFILE_FIELDS = [
  "verified",
  "chatComplete",
  "picturesUploaded",
  "photoUrls",
  "searchStarted",
  "matchAccepted",
  "age",
  "conversationStage",
  "email",
  "createdAt",
] as const;
