import * as z from "zod";
import { ANALYTICS_EVENT_NAMES } from "./contracts.ts";
import type { CookiePreferences } from "./rules.ts";

// The consent feature's zod schemas, for the server. The rules live in rules.ts, which the
// browser's first page imports without zod.

/** Unknown keys are stripped rather than rejected (see toCookiePreferences). */
export const cookiePreferencesSchema = z.object({
  bannerDismissed: z.boolean(),
  analytics: z.boolean(),
  adTracking: z.boolean(),
  expiry: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
}) satisfies z.ZodType<CookiePreferences>;

export const putConsentSchema = z.object({ preferences: cookiePreferencesSchema.nullable() });

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: z
    .string()
    .max(200)
    .regex(/^\/[^?#]*$/, "path must be a route path without query or fragment"),
  consent: z.object({ analytics: z.boolean() }),
});
