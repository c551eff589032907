import * as z from "zod";
import { REALTIME_TOPICS, type RealtimeEvent } from "./realtime-topics.ts";

export const realtimeEventSchema: z.ZodType<RealtimeEvent> = z.object({
  topic: z.enum(REALTIME_TOPICS),
  detail: z.string().max(200).optional(),
});
