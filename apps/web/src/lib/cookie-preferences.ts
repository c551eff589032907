import {
  COOKIE_PREFERENCES_KEY,
  type CookiePreferences,
  fromStorageEvent,
  isExpired,
  readStored,
} from "@sams-web/domain/consent/rules";
import { useSyncExternalStore } from "react";

// The browser's copy of the cookie preferences, as a tiny store: the banner reads it on every
// page and analytics at every event, so it stays free of zod and of the query library.

type Listener = () => void;
const listeners = new Set<Listener>();
/** Called after every change with the previous and the new value (profile sync, pixel, analytics). */
type ChangeHandler = (next: CookiePreferences | null, origin: "local" | "otherTab" | "profile") => void;
const changeHandlers = new Set<ChangeHandler>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Reads the browser copy; an expired one is removed on the spot (everything off). The profile
 * copy, as old or older, is cleared by the profile sync when a signed-in person is here.
 */
function load(now: number): CookiePreferences | null {
  const stored = readStored(storage());
  if (stored && isExpired(stored, now)) {
    write(null);
    return null;
  }
  return stored;
}

let current: CookiePreferences | null = load(Date.now());

function emit(origin: "local" | "otherTab" | "profile"): void {
  for (const listener of listeners) listener();
  for (const handler of changeHandlers) handler(current, origin);
}

function write(prefs: CookiePreferences | null): void {
  try {
    if (prefs) storage()?.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(prefs));
    else storage()?.removeItem(COOKIE_PREFERENCES_KEY);
  } catch {
    // Without storage the choice lasts for this page only, which is the most the browser allows.
  }
}

export function getPreferences(): CookiePreferences | null {
  // The choice may expire while the page is open: from that millisecond on it no longer applies.
  if (current && isExpired(current, Date.now())) {
    current = null;
    write(null);
    queueMicrotask(() => emit("local"));
  }
  return current;
}

/** A choice made in this tab (banner, privacy settings page). */
export function setPreferences(prefs: CookiePreferences | null, origin: "local" | "profile" = "local"): void {
  current = prefs;
  write(prefs);
  emit(origin);
}

export function onPreferencesChange(handler: ChangeHandler): () => void {
  changeHandlers.add(handler);
  return () => changeHandlers.delete(handler);
}

if (typeof window !== "undefined") {
  // 'Changes from other browser tabs are applied': the other tab already wrote storage.
  window.addEventListener("storage", (event) => {
    const next = fromStorageEvent(event, Date.now());
    if (next === undefined) return;
    current = next;
    emit("otherTab");
  });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCookiePreferences(): CookiePreferences | null {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
