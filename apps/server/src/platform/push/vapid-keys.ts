import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function isVapidKeys(value: unknown): value is VapidKeys {
  if (typeof value !== "object" || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  return (
    typeof publicKey === "string" &&
    /^[A-Za-z0-9_-]{87}$/.test(publicKey) &&
    typeof privateKey === "string" &&
    /^[A-Za-z0-9_-]{43}$/.test(privateKey)
  );
}

/**
 * The VAPID key pair when none is configured: made once and kept in the data directory, like the
 * auth secret, so the subscriptions browsers made with its public key keep working after a
 * restart. Two processes starting at once on one data directory agree on the first pair written.
 */
export async function loadOrCreateVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, "secrets", "vapid-keys.json");
  const read = async (): Promise<VapidKeys | null> => {
    try {
      const stored: unknown = JSON.parse(await readFile(file, "utf8"));
      return isVapidKeys(stored) ? stored : null;
    } catch {
      return null;
    }
  };
  const existing = await read();
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = webpush.generateVAPIDKeys();
  try {
    await writeFile(file, JSON.stringify(made), { mode: 0o600, flag: "wx" });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another process wrote its pair first (or an unreadable file is in the way): use what is there.
    const written = await read();
    if (written) return written;
    await writeFile(file, JSON.stringify(made), { mode: 0o600 });
    return made;
  }
}
