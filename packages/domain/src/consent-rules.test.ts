import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { acceptAll, COOKIE_PREFERENCES_KEY, fromStorageEvent, manageCookies, readStored } from "./consent-rules.ts";

const YEAR = 31536000000;
const NOW = Date.UTC(2026, 0, 15, 12);

describe("the browser's consent rules stay off zod (the banner is on every page, budget 90 KB)", () => {
  it("consent-rules.ts imports nothing but constants", () => {
    const source = readFileSync(new URL("./consent-rules.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports).toEqual(["./constants.ts"]);
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
  it("reads a valid copy under the spec's key", () => {
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
