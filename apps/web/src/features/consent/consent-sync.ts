import { resolvePreferences } from "@sams-web/domain/consent/rules";
import { getPreferences, onPreferencesChange, setPreferences } from "../../lib/cookie-preferences.ts";
import { getConsent, putConsent } from "./first-page-api.ts";

// Keeps the browser copy and the profile copy (privacySettings) in step for a signed-in person.
// Loaded only once someone is signed in, so guests never download it.

let syncedUser: string | null = null;
let stopListening: (() => void) | null = null;

function save(preferences: Parameters<typeof putConsent>[0]): void {
  // A failed write leaves the browser copy in force; the next sync writes it again.
  void putConsent(preferences).catch(() => {});
}

/** Merges both copies: a newer profile copy wins, an expired one is cleared (a null write). */
export async function reconcile(): Promise<void> {
  if (!syncedUser) return;
  const { preferences: server } = await getConsent();
  const result = resolvePreferences(getPreferences(), server, Date.now());
  if (result.saveLocal) setPreferences(result.preferences, "profile");
  else if (result.clearLocal) setPreferences(null, "profile");
  if (result.saveServer) save(result.preferences);
  else if (result.clearServer) save(null);
}

export async function startProfileSync(userId: string): Promise<void> {
  if (syncedUser !== userId) {
    stopProfileSync();
    syncedUser = userId;
    stopListening = onPreferencesChange((next, origin) => {
      // Another tab of this browser has written the profile already; a profile copy came from there.
      if (origin === "local") save(next);
    });
  }
  await reconcile().catch(() => {});
}

export function stopProfileSync(): void {
  stopListening?.();
  stopListening = null;
  syncedUser = null;
}
