import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { consentRecords, profiles } from "../../db/schema.ts";

/** Sets users/{uid}/profile/privacySettings (null clears it) and keeps the change on record. */
export async function setPrivacySettings(
  db: Database,
  userId: string,
  preferences: Record<string, unknown> | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ privacySettings: preferences }).where(eq(profiles.userId, userId));
    await tx.insert(consentRecords).values({ userId, preferences });
  });
}
