import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { narrativeCorrections, narratives, profileIntros, profiles } from "../../db/schema.ts";

/** Whether the person's interview is complete, and their display name (the draft names nobody else). */
export async function findStoryOwner(db: Database, userId: string) {
  const [row] = await db
    .select({ chatComplete: profiles.chatComplete })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

export async function findNarrativeRow(db: Database, userId: string) {
  const [row] = await db.select().from(narratives).where(eq(narratives.userId, userId));
  return row ?? null;
}

export async function listCorrections(db: Database, userId: string) {
  return db
    .select({
      field: narrativeCorrections.field,
      text: narrativeCorrections.text,
      createdAt: narrativeCorrections.createdAt,
    })
    .from(narrativeCorrections)
    .where(eq(narrativeCorrections.userId, userId))
    .orderBy(asc(narrativeCorrections.id));
}

export async function findIntro(db: Database, userId: string) {
  const [row] = await db.select().from(profileIntros).where(eq(profileIntros.userId, userId));
  return row ?? null;
}
