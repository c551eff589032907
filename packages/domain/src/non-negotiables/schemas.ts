import * as z from "zod";
import type {
  Facts,
  GuestNonNegotiables,
  LimitId,
  NonNegotiablesStep,
  NonNegotiablesUpdate,
  ReadingItem,
  ReadingReply,
  SignedReading,
} from "./contracts.ts";
import {
  FACT_KEYS,
  FACT_OPTIONS,
  LIMIT_IDS,
  READING_LABEL_MAX_CHARS,
  READING_MAX_ITEMS,
  READING_QUESTION_MAX_CHARS,
} from "./rules.ts";

// The non-negotiables' zod schemas: a person's answers, what Sam read from their words, and what
// the chat and Settings send. Strict, so a misspelt key is refused rather than ignored.

export const limitIdSchema = z.enum(LIMIT_IDS as [LimitId, ...LimitId[]]);

/** Each answer one of its options, null ("prefer not to say"), or absent (not answered). */
export const factsSchema = z.strictObject({
  ...Object.fromEntries(
    FACT_KEYS.map((key) => [
      key,
      z
        .enum(FACT_OPTIONS[key] as unknown as [string, ...string[]])
        .nullable()
        .optional(),
    ]),
  ),
  limits: z
    .array(limitIdSchema)
    .max(LIMIT_IDS.length)
    .refine((limits) => new Set(limits).size === limits.length, { message: "Each limit at most once." })
    .optional(),
}) as unknown as z.ZodType<Facts, Facts>;

const itemId = z.string().min(1).max(80);
/** The person's own clause an item was read from. */
const words = z.string().max(2_000);

export const readingItemSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("limit"), id: itemId, limit: limitIdSchema, words }),
  z.strictObject({
    kind: z.literal("ask"),
    id: itemId,
    label: z.string().min(1).max(READING_LABEL_MAX_CHARS),
    question: z.string().min(1).max(READING_QUESTION_MAX_CHARS),
    endsOn: z.enum(["yes", "no"]),
    words,
  }),
  z.strictObject({
    kind: z.literal("trait"),
    id: itemId,
    label: z.string().min(1).max(READING_LABEL_MAX_CHARS),
    words,
  }),
]) satisfies z.ZodType<ReadingItem>;

export const readingSchema = z.array(readingItemSchema).max(READING_MAX_ITEMS);

export const signedReadingSchema = z.strictObject({
  items: readingSchema,
  signature: z.string().min(1).max(200),
}) satisfies z.ZodType<SignedReading>;

const removedSchema = z.array(itemId).max(READING_MAX_ITEMS);

export const nonNegotiablesStepSchema = z.discriminatedUnion("step", [
  z.strictObject({ step: z.literal("taps"), facts: factsSchema.nullable() }),
  z.strictObject({ step: z.literal("confirm"), removed: removedSchema, reading: signedReadingSchema.optional() }),
  z.strictObject({ step: z.literal("correct"), facts: factsSchema.nullable(), reading: signedReadingSchema }),
]) satisfies z.ZodType<NonNegotiablesStep>;

export const readingReplySchema = z.strictObject({
  items: readingSchema,
  signature: z.string().optional(),
}) satisfies z.ZodType<ReadingReply>;

export const nonNegotiablesUpdateSchema = z.strictObject({
  facts: factsSchema,
  removed: removedSchema.optional(),
}) satisfies z.ZodType<NonNegotiablesUpdate>;

export const guestNonNegotiablesSchema = z.strictObject({
  facts: factsSchema.nullable().optional(),
  reading: signedReadingSchema.optional(),
  removed: removedSchema.optional(),
  confirmed: z.boolean().optional(),
}) satisfies z.ZodType<GuestNonNegotiables>;
