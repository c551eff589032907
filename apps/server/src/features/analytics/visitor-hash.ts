import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { claimDaySalt } from "./mutations.ts";

/**
 * Counts visitors without keeping who they are: the IP address and user agent are hashed with a
 * random salt of the UTC day, so a hash cannot be reversed, nor linked across days or to a person
 * once the day is over. The salt is kept in the database so every instance hashes a visitor the
 * same way (a visitor counts once whichever instance answers); the first instance to need a day's
 * salt creates it, and the previous day's is deleted then.
 */
export function createVisitorHasher(db: Database, random: () => Buffer = () => randomBytes(32)) {
  let cached: { day: string; salt: string } | undefined;
  return async (ip: string, userAgent: string, now: Date): Promise<string> => {
    const day = now.toISOString().slice(0, 10);
    if (cached?.day !== day) cached = { day, salt: await claimDaySalt(db, day, random().toString("base64")) };
    return createHash("sha256")
      .update(cached.salt)
      .update(ip)
      .update("\0")
      .update(userAgent)
      .digest("hex")
      .slice(0, 32);
  };
}
