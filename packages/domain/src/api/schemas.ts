import * as z from "zod";
import { REALTIME_TOPICS, type RealtimeEvent } from "./realtime.ts";

// The zod schemas of the cross-cutting protocols, for the server.

export const realtimeEventSchema: z.ZodType<RealtimeEvent> = z.object({
  topic: z.enum(REALTIME_TOPICS),
  detail: z.string().max(200).optional(),
});
