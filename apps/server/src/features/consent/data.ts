import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";

/** users/{uid}/profile/privacySettings as stored (it may not parse: the caller checks). */
export async function getPrivacySettings(db: Database, userId: string): Promise<unknown> {
  const [row] = await db
    .select({ privacySettings: profiles.privacySettings })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.privacySettings ?? null;
}
