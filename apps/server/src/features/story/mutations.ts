import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { narrativeCorrections, profileIntros } from "../../db/schema.ts";

export async function insertCorrection(db: Database, userId: string, field: string, text: string): Promise<void> {
  await db.insert(narrativeCorrections).values({ userId, field, text });
}

/** Approves `text` as the introduction candidates read (replacing an earlier one). */
export async function approveIntro(db: Database, userId: string, text: string, at: Date): Promise<void> {
  await db
    .insert(profileIntros)
    .values({ userId, text, approvedAt: at })
    .onConflictDoUpdate({ target: profileIntros.userId, set: { text, approvedAt: at } });
}

export async function withdrawIntro(db: Database, userId: string): Promise<void> {
  await db.delete(profileIntros).where(eq(profileIntros.userId, userId));
}
