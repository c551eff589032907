import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { profiles, zipCodes } from "../../db/schema.ts";

export type ProfileRow = typeof profiles.$inferSelect;

// Read by the settings page, its saves and the search's gate.
const profileOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare("profile_of_user"),
);

export async function findProfile(db: Database, userId: string): Promise<ProfileRow | null> {
  const [row] = await profileOfUser(db).execute({ userId });
  return row ?? null;
}

/** Whether the ZIP is in the USPS list (US only). */
export async function zipExists(db: Database, zip: string): Promise<boolean> {
  const [row] = await db.select({ zip: zipCodes.zip }).from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  return row !== undefined;
}
