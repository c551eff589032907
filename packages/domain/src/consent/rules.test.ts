import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DAY_MS, YEAR_MS } from "../shared/time.ts";
import {
  acceptAll,
  adTrackingEnabled,
  analyticsEnabled,
  COOKIE_MAX_AGE_MS,
  COOKIE_PREFERENCE_VALIDITY_MS,
  COOKIE_PREFERENCES_KEY,
  type CookiePreferences,
  defaultToggles,
  fromStorageEvent,
  isExpired,
  manageCookies,
  parseStored,
  readStored,
  resolvePreferences,
  shouldShowBanner,
  withChange,
} from "./rules.ts";

const YEAR = 31536000000;
const NOW = Date.UTC(2026, 0, 15, 12);

describe("the browser's consent rules stay off zod (the banner is on every page, budget 90 KB)", () => {
  it("consent/rules.ts imports nothing but the shared time constants", () => {
    const source = readFileSync(new URL("./rules.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports).toEqual(["../shared/time.ts"]);
  });
});

describe("'Stored in the browser under the key cookiePreferences' — no storage or broken storage", () => {
  it("no storage at all means no choice", () => {
    expect(readStored(null)).toBeNull();
    expect(readStored(undefined)).toBeNull();
  });
  it("storage that throws (disabled, private mode) means no choice", () => {
    expect(
      readStored({
        getItem() {
          throw new Error("SecurityError");
        },
      }),
    ).toBeNull();
  });
  it("corrupt JSON means no choice", () => {
    expect(readStored({ getItem: () => "{not json" })).toBeNull();
  });
  it("reads a valid copy under its key", () => {
    const stored = acceptAll(NOW);
    expect(readStored({ getItem: (key) => (key === COOKIE_PREFERENCES_KEY ? JSON.stringify(stored) : null) })).toEqual(
      stored,
    );
  });
});

describe("'Changes from other browser tabs are applied'", () => {
  it("ignores changes to other keys", () => {
    expect(fromStorageEvent({ key: "somethingElse", newValue: "x" }, NOW)).toBeUndefined();
  });
  it("applies another tab's new choice", () => {
    const next = manageCookies(NOW);
    expect(fromStorageEvent({ key: COOKIE_PREFERENCES_KEY, newValue: JSON.stringify(next) }, NOW)).toEqual(next);
  });
  it("a removal or a cleared storage means no choice (banner back, everything off)", () => {
    expect(fromStorageEvent({ key: COOKIE_PREFERENCES_KEY, newValue: null }, NOW)).toBeNull();
    expect(fromStorageEvent({ key: null, newValue: null }, NOW)).toBeNull();
  });
  it("an expired or corrupt copy from another tab counts as no choice, to the millisecond", () => {
    const written = acceptAll(NOW - YEAR);
    expect(fromStorageEvent({ key: COOKIE_PREFERENCES_KEY, newValue: JSON.stringify(written) }, NOW)).toBeNull();
    expect(fromStorageEvent({ key: COOKIE_PREFERENCES_KEY, newValue: JSON.stringify(written) }, NOW - 1)).toEqual(
      written,
    );
    expect(fromStorageEvent({ key: COOKIE_PREFERENCES_KEY, newValue: "{" }, NOW)).toBeNull();
  });
});

function prefs(expiry: number, over: Partial<CookiePreferences> = {}): CookiePreferences {
  return { bannerDismissed: true, analytics: false, adTracking: false, expiry, ...over };
}

describe("'Stored in the browser under the key cookiePreferences'", () => {
  it("uses that key", () => expect(COOKIE_PREFERENCES_KEY).toBe("cookiePreferences"));
});

describe("'Accept All stores analytics true and adTracking true and hides the banner'", () => {
  it("expires one year (31536000000 ms) after the choice", () => {
    expect(acceptAll(NOW)).toEqual({ bannerDismissed: true, analytics: true, adTracking: true, expiry: NOW + YEAR });
  });
});

describe("'Manage Cookies stores both false'", () => {
  it("hides the banner, both off, one-year expiry", () => {
    expect(manageCookies(NOW)).toEqual({
      bannerDismissed: true,
      analytics: false,
      adTracking: false,
      expiry: NOW + YEAR,
    });
  });
});

describe("'Cookie preference validity 1 year (31536000000 ms) from last change'", () => {
  it("a change restarts the year and keeps untouched toggles", () => {
    const before = acceptAll(NOW - 1000);
    expect(withChange(before, { adTracking: false }, NOW)).toEqual({
      bannerDismissed: true,
      analytics: true,
      adTracking: false,
      expiry: NOW + YEAR,
    });
  });
  it("a change with nothing stored starts from everything off ('Non-essential cookies are off unless accepted')", () => {
    expect(withChange(null, { analytics: true }, NOW)).toEqual({
      bannerDismissed: false,
      analytics: true,
      adTracking: false,
      expiry: NOW + YEAR,
    });
  });
  it("is valid up to the millisecond before expiry and expired from the expiry millisecond on", () => {
    const p = acceptAll(NOW);
    expect(isExpired(p, NOW + YEAR - 1)).toBe(false);
    expect(isExpired(p, NOW + YEAR)).toBe(true);
    expect(isExpired(p, NOW + YEAR + 1)).toBe(true);
  });
});

describe("parseStored tolerates anything in the browser", () => {
  it("reads a valid copy", () => {
    const p = acceptAll(NOW);
    expect(parseStored(JSON.stringify(p))).toEqual(p);
  });
  it("drops unknown keys of older versions", () => {
    expect(parseStored(JSON.stringify({ ...acceptAll(NOW), timestamp: 1 }))).toEqual(acceptAll(NOW));
  });
  it.each([
    null,
    "",
    "{",
    "null",
    "[]",
    "42",
    '"x"',
    '{"analytics":true}',
    '{"bannerDismissed":"yes","analytics":true,"adTracking":true,"expiry":1}',
    '{"bannerDismissed":true,"analytics":true,"adTracking":true,"expiry":-1}',
  ])("returns null for %j", (raw) => expect(parseStored(raw)).toBeNull());
});

describe("'When the expiry has passed, stored preferences are removed, both settings are off, and the server-side copy is cleared. A newer copy on the profile overrides the local copy.'", () => {
  it("nothing anywhere → no preferences, nothing to write", () => {
    expect(resolvePreferences(null, null, NOW)).toEqual({
      preferences: null,
      clearLocal: false,
      clearServer: false,
      saveLocal: false,
      saveServer: false,
    });
  });
  it("an expired local copy is removed (expiry === now counts as expired)", () => {
    expect(resolvePreferences(prefs(NOW), null, NOW)).toMatchObject({
      preferences: null,
      clearLocal: true,
      clearServer: false,
    });
    expect(resolvePreferences(prefs(NOW + 1), null, NOW)).toMatchObject({
      preferences: prefs(NOW + 1),
      clearLocal: false,
    });
  });
  it("an expired server copy is cleared and the valid local one stands", () => {
    const local = prefs(NOW + 10);
    expect(resolvePreferences(local, prefs(NOW - 1), NOW)).toEqual({
      preferences: local,
      clearLocal: false,
      clearServer: true,
      saveLocal: false,
      saveServer: true,
    });
  });
  it("both expired → both cleared, everything off", () => {
    const r = resolvePreferences(prefs(NOW - 1, { analytics: true }), prefs(NOW, { analytics: true }), NOW);
    expect(r).toEqual({ preferences: null, clearLocal: true, clearServer: true, saveLocal: false, saveServer: false });
    expect(analyticsEnabled(r.preferences)).toBe(false);
    expect(shouldShowBanner(r.preferences)).toBe(true);
  });
  it("a newer profile copy overrides the local one and is written locally", () => {
    const local = prefs(NOW + 10, { analytics: false });
    const server = prefs(NOW + 11, { analytics: true });
    expect(resolvePreferences(local, server, NOW)).toEqual({
      preferences: server,
      clearLocal: false,
      clearServer: false,
      saveLocal: true,
      saveServer: false,
    });
  });
  it("a profile copy replaces an expired local one", () => {
    const server = prefs(NOW + 5);
    expect(resolvePreferences(prefs(NOW - 5), server, NOW)).toMatchObject({
      preferences: server,
      clearLocal: false,
      saveLocal: true,
    });
  });
  it("an older profile copy does not override; the local one is saved to the profile", () => {
    const local = prefs(NOW + 11);
    expect(resolvePreferences(local, prefs(NOW + 10), NOW)).toMatchObject({
      preferences: local,
      saveLocal: false,
      saveServer: true,
    });
  });
  it("a local copy with no profile copy is saved to the profile", () => {
    expect(resolvePreferences(prefs(NOW + 1), null, NOW)).toMatchObject({ saveServer: true });
  });
  it("equal expiries: the local copy stands and nothing is written", () => {
    const local = prefs(NOW + 10, { analytics: true });
    expect(resolvePreferences(local, prefs(NOW + 10), NOW)).toEqual({
      preferences: local,
      clearLocal: false,
      clearServer: false,
      saveLocal: false,
      saveServer: false,
    });
  });
});

describe("'Banner shown when no stored preferences exist or the banner was not dismissed'", () => {
  it("shows with nothing stored", () => expect(shouldShowBanner(null)).toBe(true));
  it("shows when not dismissed", () => expect(shouldShowBanner(prefs(NOW, { bannerDismissed: false }))).toBe(true));
  it("hides once dismissed", () => expect(shouldShowBanner(prefs(NOW))).toBe(false));
});

describe("'With preferences stored and banner dismissed, analytics follows them'", () => {
  it("analytics on only when dismissed and chosen", () => {
    expect(analyticsEnabled(prefs(NOW, { analytics: true }))).toBe(true);
    expect(analyticsEnabled(prefs(NOW, { analytics: true, bannerDismissed: false }))).toBe(false);
    expect(analyticsEnabled(prefs(NOW, { analytics: false }))).toBe(false);
    expect(analyticsEnabled(null)).toBe(false);
  });
  it("ad tracking follows the same rule", () => {
    expect(adTrackingEnabled(prefs(NOW, { adTracking: true }))).toBe(true);
    expect(adTrackingEnabled(prefs(NOW, { adTracking: true, bannerDismissed: false }))).toBe(false);
    expect(adTrackingEnabled(null)).toBe(false);
  });
});

describe("'after expiry defaults revert (privacy page: enabled; login flow: disabled)'", () => {
  it("privacy page toggles start enabled", () =>
    expect(defaultToggles("privacyPage")).toEqual({ analytics: true, adTracking: true }));
  it("login flow starts disabled", () =>
    expect(defaultToggles("loginFlow")).toEqual({ analytics: false, adTracking: false }));
});

describe("business constants: consent", () => {
  it.each([["Cookie preference validity 1 year (31536000000 ms)", COOKIE_PREFERENCE_VALIDITY_MS, 31536000000]])(
    "%s",
    (_rule, actual, expected) => {
      expect(actual).toBe(expected);
    },
  );
});

describe("'Cookie durations: necessary session or up to 30 days, functional up to 1 year, analytics up to 2 years'", () => {
  it("are 30 days, 1 year and 2 years", () => {
    expect(COOKIE_MAX_AGE_MS).toEqual({ necessary: 30 * DAY_MS, functional: YEAR_MS, analytics: 2 * YEAR_MS });
  });
});
