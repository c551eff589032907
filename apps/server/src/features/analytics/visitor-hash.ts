import { createHash, randomBytes } from "node:crypto";

/**
 * Counts visitors without keeping who they are: the IP address and user agent are hashed with a
 * random salt that lives only in memory and is replaced every UTC day, so a hash cannot be
 * reversed, nor linked across days or to a person once the day is over. Several instances each
 * have their own salt; that only splits a visitor's count, never exposes them.
 */
export function createVisitorHasher(random: () => Buffer = () => randomBytes(32)) {
  let day = "";
  let salt = random();
  return (ip: string, userAgent: string, now: Date): string => {
    const today = now.toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      salt = random();
    }
    return createHash("sha256").update(salt).update(ip).update("\0").update(userAgent).digest("hex").slice(0, 32);
  };
}
