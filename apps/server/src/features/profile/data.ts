import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles, zipCodes } from "../../db/schema.ts";

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfile(db: Database, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** Whether the ZIP is in the USPS list (US only). */
export async function zipExists(db: Database, zip: string): Promise<boolean> {
  const [row] = await db.select({ zip: zipCodes.zip }).from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  return row !== undefined;
}
