import type { MatchesResponse, MatchOutcomesResponse, PendingMatchResponse } from "@sams-web/domain/matching/contracts";
import { MATCH_OUTCOMES, PENDING_MATCH_REFUSALS } from "@sams-web/domain/matching/rules";
import { candidateSummarySchema, matchSchema } from "@sams-web/domain/matching/schemas";
import * as z from "zod";

// The shapes the matching feature's REST routes answer with.

export const matchesResponseSchema = z.object({ matches: z.array(matchSchema) }) satisfies z.ZodType<MatchesResponse>;

export const pendingMatchResponseSchema = z.object({
  match: candidateSummarySchema.extend({ id: z.string(), score: z.number(), photo: z.string().nullable() }).nullable(),
  message: z.string().nullable(),
  code: z.enum(PENDING_MATCH_REFUSALS).nullable(),
}) satisfies z.ZodType<PendingMatchResponse>;

const outcome = z.enum(MATCH_OUTCOMES);

export const matchOutcomesResponseSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      answer: outcome.nullable(),
      answerUntil: z.number(),
      tokens: z.object({ met: z.string(), talked: z.string(), didNotTalk: z.string() }),
    }),
  ),
}) satisfies z.ZodType<MatchOutcomesResponse>;
