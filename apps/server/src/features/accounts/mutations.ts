import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";

/** The profile of SPEC.md section 3 at its defaults: status unavailable, not verified. */
export async function createProfileForUser(
  db: Database,
  input: { userId: string; email: string; displayName: string },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId: input.userId, email: input.email, displayName: input.displayName })
    .onConflictDoNothing();
}
