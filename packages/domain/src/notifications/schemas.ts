import * as z from "zod";
import type { EmailChoices, PushSubscriptionBody } from "./contracts.ts";
import { EMAIL_KINDS } from "./rules.ts";

/** PATCH of the email switches: one or more kinds, each on or off; nothing else. */
export const emailChoicesUpdateSchema = z
  .object(
    Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      keyof EmailChoices,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: "Nothing to change." });

/** base64url, as a browser's PushSubscription.toJSON() writes its keys. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/**
 * A browser's push subscription: an https endpoint of its push service (the server also checks the
 * host against the push services it sends to) and the two keys of RFC 8291: p256dh, an uncompressed
 * P-256 point (65 bytes, 87 characters), and auth, 16 bytes (22 characters).
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url().max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strip(),
  })
  .strip() satisfies z.ZodType<PushSubscriptionBody, unknown>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) }).strict();
