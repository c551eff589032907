// The profile's zod schemas: the settings fields, the profile the server returns and the partial
// update a client may send. The rules they apply are in rules.ts.
import * as z from "zod";
import { conversationStageSchema } from "../chat/schemas.ts";
import { cookiePreferencesSchema } from "../consent/schemas.ts";
import { PROFILE_MESSAGES } from "./messages.ts";
import {
  AGE_OFFSET_LOWEST,
  AGE_OFFSET_MAX_HIGH,
  AGE_OFFSET_MAX_LOW,
  birthdayProblem,
  displayNameProblem,
  GENDERS,
  RADIUS_MAX,
  RADIUS_MIN,
  type SERVER_OWNED_PROFILE_FIELDS,
  STATUSES,
  sanitizeName,
  ZIP_CODE_PATTERN,
} from "./rules.ts";

/** Settings display name: required after sanitising; outputs the sanitised value. */
export const displayNameSchema = z
  .string()
  .transform(sanitizeName)
  .superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Exactly five ASCII digits. Whether the ZIP exists is the server's question ('ZIP code not found'). */
export const zipSchema = z.string().regex(ZIP_CODE_PATTERN, PROFILE_MESSAGES.zipInvalid);

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
    const problem = birthdayProblem(value, readClock(today));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** Search radius in whole miles, 1 to 500. */
export const radiusSchema = z
  .number(PROFILE_MESSAGES.radiusInvalid)
  .int(PROFILE_MESSAGES.radiusInvalid)
  .min(RADIUS_MIN, PROFILE_MESSAGES.radiusInvalid)
  .max(RADIUS_MAX, PROFILE_MESSAGES.radiusInvalid);

export const genderSchema = z.enum(GENDERS);
export const statusSchema = z.enum(STATUSES);

/**
 * The user profile as the server returns it. Unset optional values are null.
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
/** Compile-time check: every server-owned field names a real profile field. */
type Expect<Check extends true> = Check;
export type ServerOwnedFieldsAreProfileFields = Expect<
  (typeof SERVER_OWNED_PROFILE_FIELDS)[number] extends ProfileField ? true : false
>;
export const PROFILE_FIELDS = profileSchema.keyof().options;

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
