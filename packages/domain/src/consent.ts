import * as z from "zod";
import type { CookiePreferences } from "./consent-rules.ts";

// The rules live in consent-rules.ts, which the browser's first page imports without zod; this
// file adds the schema the server validates with and re-exports the rules for it.
export * from "./consent-rules.ts";

/** Unknown keys are stripped rather than rejected (see toCookiePreferences). */
export const cookiePreferencesSchema = z.object({
  bannerDismissed: z.boolean(),
  analytics: z.boolean(),
  adTracking: z.boolean(),
  expiry: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
}) satisfies z.ZodType<CookiePreferences>;
