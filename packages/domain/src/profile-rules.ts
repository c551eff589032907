import * as z from "zod";
import { cookiePreferencesSchema } from "./consent.ts";
import {
  AGE_OFFSET_LOWEST,
  AGE_OFFSET_MAX_HIGH,
  AGE_OFFSET_MAX_LOW,
  AGE_OFFSET_MIN_UPPER,
  BIRTHDAY_MIN_YEAR,
  DEFAULT_DISPLAY_NAME,
  DELETE_CONFIRMATION_WORD,
  DISPLAY_NAME_MAX_LENGTH,
  MIN_AGE,
  RADIUS_MAX,
  RADIUS_MIN,
} from "./constants.ts";
import { MESSAGES, type MessageCode } from "./messages.ts";
import { conversationStageSchema } from "./stages.ts";

// ── Display name ─────────────────────────────────────────────────────────────────────────

/** Strips < > " ' & and trims (SPEC section 5), so a name is safe wherever it is echoed. */
export function sanitizeName(raw: string): string {
  return raw.replace(/[<>"'&]/g, "").trim();
}

/**
 * The display name chosen at sign-up: the sanitised name, else the part of the email before the
 * @ (sanitised too, since local parts may contain ' and &). It is cut to the display-name limit
 * instead of failing, because the spec gives sign-up no length error; "User" is the last resort.
 */
export function displayNameFromSignup(name: string, email: string): string {
  const fromName = sanitizeName(name);
  const at = email.indexOf("@");
  const candidate = fromName !== "" ? fromName : sanitizeName(at >= 0 ? email.slice(0, at) : email);
  const cut = candidate.slice(0, DISPLAY_NAME_MAX_LENGTH).trim();
  return cut !== "" ? cut : DEFAULT_DISPLAY_NAME;
}

/** Header fallback chain (SPEC section 2): profile name, then auth name, then "User". */
export function headerDisplayName(profileName: string | null | undefined, authName: string | null | undefined): string {
  for (const n of [profileName, authName]) {
    if (typeof n === "string" && n.trim() !== "") return n.trim();
  }
  return DEFAULT_DISPLAY_NAME;
}

/** Settings display name: required after sanitising; outputs the sanitised value. */
export const displayNameSchema = z
  .string()
  .transform(sanitizeName)
  .pipe(z.string().min(1, MESSAGES.displayNameRequired).max(DISPLAY_NAME_MAX_LENGTH, MESSAGES.displayNameTooLong));

// ── ZIP ──────────────────────────────────────────────────────────────────────────────────

/** Exactly five ASCII digits. Whether the ZIP exists is the server's question ('ZIP code not found'). */
export const zipSchema = z.string().regex(/^\d{5}$/, MESSAGES.zipInvalid);

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

type Clock = Date | (() => Date);

function readClock(clock: Clock): Date {
  return typeof clock === "function" ? clock() : clock;
}

/**
 * A valid calendar date, not before 1900 and not later than 18 years ago (i.e. the person is at
 * least 18 on `today`). Pass a function to evaluate "today" at parse time in long-lived schemas.
 * Reports only the first failing rule, so the form shows one message.
 */
export function birthdaySchema(today: Clock = () => new Date()) {
  return z.string().superRefine((value, ctx) => {
    const d = parseIsoDate(value);
    if (d === null) {
      ctx.addIssue({ code: "custom", message: MESSAGES.birthdayInvalid });
    } else if (d.year < BIRTHDAY_MIN_YEAR) {
      ctx.addIssue({ code: "custom", message: MESSAGES.birthdayTooEarly });
    } else if (ageOn(value, readClock(today)) < MIN_AGE) {
      ctx.addIssue({ code: "custom", message: MESSAGES.birthdayTooYoung });
    }
  });
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
 * Slider bounds for the age preference (SPEC sections 5 and 9). Two rules meet here:
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

// ── Radius, gender, status ───────────────────────────────────────────────────────────────

/** Search radius in whole miles, 1 to 500. */
export const radiusSchema = z
  .number(MESSAGES.radiusInvalid)
  .int(MESSAGES.radiusInvalid)
  .min(RADIUS_MIN, MESSAGES.radiusInvalid)
  .max(RADIUS_MAX, MESSAGES.radiusInvalid);

/** '' stands for non-binary or unselected (SPEC section 5). */
export const GENDERS = ["man", "woman", ""] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** The toggle cycles man → woman → '' → man. */
export function nextGender(g: Gender): Gender {
  const i = GENDERS.indexOf(g);
  return GENDERS[(i + 1) % GENDERS.length] ?? "man";
}

export const STATUSES = ["unavailable", "active"] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;
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

/** Account deletion requires typing 'delete' (surrounding spaces forgiven, case not). */
export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION_WORD;
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────

/**
 * The user profile of SPEC section 3, as the server returns it. Unset optional values are null.
 * Timestamps are epoch milliseconds; birthday is 'YYYY-MM-DD'; ageRangeMin/Max are offsets.
 */
export const profileSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  status: statusSchema,
  createdAt: z.number(),
  verified: z.boolean(),
  gender: genderSchema,
  seekingGender: genderSchema,
  /** miles */
  searchRadius: z.number(),
  zipCode: z.string().nullable(),
  birthday: z.string().nullable(),
  /** Computed by the server from birthday; null without one. */
  age: z.number().nullable(),
  ageRangeMin: z.number(),
  ageRangeMax: z.number(),
  chatComplete: z.boolean(),
  /** True when at least 2 photos are saved. */
  picturesUploaded: z.boolean(),
  conversationStage: conversationStageSchema,
  searchStarted: z.number().nullable(),
  /** When the last match was accepted; starts the 30-day cool-down. */
  matchAccepted: z.number().nullable(),
  photoUrls: z.array(z.string()),
  privacySettings: cookiePreferencesSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileField = keyof Profile;
export const PROFILE_FIELDS = profileSchema.keyof().options;

/** Fields only the server writes; a client update naming any of them is rejected. */
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
] as const satisfies readonly ProfileField[];

/**
 * The client-editable profile fields, all optional (a partial update). Strict: unknown and
 * server-owned keys fail the parse instead of being silently dropped, so a client bug is loud.
 * zipCode/birthday accept null to clear them; privacySettings accepts null (clears expired
 * preferences). The age offsets are checked against static limits here; the server then applies
 * clampAgeRange for the user's actual age. Birthday's 18+ rule reads `clock` at parse time.
 */
export function makeProfileUpdateSchema(clock: Clock = () => new Date()) {
  return z.strictObject({
    displayName: displayNameSchema.optional(),
    gender: genderSchema.optional(),
    seekingGender: genderSchema.optional(),
    searchRadius: radiusSchema.optional(),
    zipCode: zipSchema.nullable().optional(),
    birthday: birthdaySchema(clock).nullable().optional(),
    ageRangeMin: z.number().int().min(AGE_OFFSET_LOWEST).max(0).optional(),
    ageRangeMax: z.number().int().min(AGE_OFFSET_MAX_LOW).max(AGE_OFFSET_MAX_HIGH).optional(),
    status: statusSchema.optional(),
    privacySettings: cookiePreferencesSchema.nullable().optional(),
  });
}

export const profileUpdateSchema = makeProfileUpdateSchema();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
