import { PHOTOS_MIN } from "@sams-web/domain/photos/rules";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";

/**
 * Points the profile at a new photo set in one statement, under a row lock, and returns the
 * addresses it replaced (null without a profile). The lock orders concurrent saves of one user,
 * so each save removes exactly the set it replaced.
 */
export async function swapPhotoUrls(db: Database, userId: string, photoUrls: string[]): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoUrls: profiles.photoUrls })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if (!current) return null;
    await tx
      .update(profiles)
      .set({ photoUrls, picturesUploaded: photoUrls.length >= PHOTOS_MIN })
      .where(eq(profiles.userId, userId));
    return current.photoUrls;
  });
}
