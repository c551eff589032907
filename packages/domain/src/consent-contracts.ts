import * as z from "zod";
import { cookiePreferencesSchema } from "./consent.ts";
import { ANALYTICS_EVENT_NAMES, PRIVACY_REQUEST_KINDS } from "./consent-api.ts";

export const putConsentSchema = z.object({ preferences: cookiePreferencesSchema.nullable() });

/** A browser id is a random UUID made by the browser; anything else is refused. */
export const browserIdSchema = z.uuid();

export const createPrivacyRequestSchema = z.object({ kind: z.enum(PRIVACY_REQUEST_KINDS) });

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: z
    .string()
    .max(200)
    .regex(/^\/[^?#]*$/, "path must be a route path without query or fragment"),
  consent: z.object({ analytics: z.boolean() }),
});
