import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The signing secret when none is configured: made once and kept in the data directory, so
 * sessions survive a restart of the embedded default without anyone choosing a secret.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, "secrets", name);
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // No secret yet: make one below.
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
