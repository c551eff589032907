import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches } from "../../db/schema.ts";

/**
 * Records that the person saw the moment of their connection with `candidateId`. Only a connected
 * pair of their own, once: false when there is none (or it was seen already).
 */
export async function markMomentSeen(db: Database, userId: string, candidateId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(matches)
    .set({ momentSeenAt: at })
    .where(
      and(
        eq(matches.userId, userId),
        eq(matches.candidateId, candidateId),
        eq(matches.status, "connected"),
        isNull(matches.momentSeenAt),
      ),
    )
    .returning({ candidateId: matches.candidateId });
  return updated.length > 0;
}
