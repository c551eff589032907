import type { Database } from "../../db/client.ts";
import { analyticsEvents } from "../../db/schema.ts";

export async function insertAnalyticsEvent(
  db: Database,
  event: { name: string; path: string; visitorHash: string },
): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
