import type { YourWebResponse } from "@sams-web/domain/matching/contracts";
import { WEB_STAGES } from "@sams-web/domain/matching/rules";
import * as z from "zod";

// The shape "Your web" answers with: checked on the way out, so nothing else leaves by mistake.

export const yourWebResponseSchema = z.object({
  me: z.object({ firstName: z.string(), photo: z.string().nullable() }),
  entries: z.array(
    z.object({
      stage: z.enum(WEB_STAGES),
      person: z
        .object({
          id: z.string(),
          firstName: z.string(),
          age: z.number().int().nullable(),
          photo: z.string().nullable(),
          distanceBandMiles: z.number().int(),
        })
        .nullable(),
      score: z.number().nullable(),
      email: z.string().nullable(),
      connectedAt: z.number().nullable(),
      momentSeen: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<YourWebResponse>;
