import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles, users } from "../../db/schema.ts";
import type { ProfileRow } from "./data.ts";

export type ProfileChanges = Partial<
  Pick<
    typeof profiles.$inferInsert,
    | "displayName"
    | "gender"
    | "seekingGender"
    | "searchRadius"
    | "zipCode"
    | "birthday"
    | "birthdayChanges"
    | "age"
    | "ageRangeMin"
    | "ageRangeMax"
    | "status"
    | "privacySettings"
  >
>;

/**
 * Writes the changes and, with a new display name, the auth record's name too: the header greets
 * by the session's name, so both must say the same. Without one, the update is a statement of its
 * own (no transaction around it: a begin and a commit more on each settings save).
 */
export async function updateProfile(db: Database, userId: string, changes: ProfileChanges): Promise<ProfileRow | null> {
  if (changes.displayName === undefined) {
    const [row] = await db.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
    return row ?? null;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
    if (row && changes.displayName !== undefined) {
      await tx.update(users).set({ name: changes.displayName }).where(eq(users.id, userId));
    }
    return row ?? null;
  });
}
