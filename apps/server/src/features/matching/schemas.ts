import type { MatchesResponse, PendingMatchResponse } from "@sams-web/domain/matching/contracts";
import { candidateSummarySchema, matchSchema } from "@sams-web/domain/matching/schemas";
import * as z from "zod";

// The shapes the matching feature's REST routes answer with.

export const matchesResponseSchema = z.object({ matches: z.array(matchSchema) }) satisfies z.ZodType<MatchesResponse>;

export const pendingMatchResponseSchema = z.object({
  match: candidateSummarySchema.extend({ id: z.string(), score: z.number(), photo: z.string().nullable() }).nullable(),
  message: z.string().nullable(),
}) satisfies z.ZodType<PendingMatchResponse>;
