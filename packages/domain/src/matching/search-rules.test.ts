import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { type SearchGateInput, searchBlocker, searchCooldownOver } from "./rules.ts";

const NOW = new Date(2026, 2, 8, 12).getTime(); // the day US daylight saving starts: windows are in ms, not days
const WEEK = 604800000;

const ready: SearchGateInput = {
  verified: true,
  chatComplete: true,
  picturesUploaded: true,
  zipCode: "94110",
  birthday: "1990-05-05",
  status: "active",
  searchStarted: null,
};

describe("'Begin Search is blocked unless ...', first failing rule in the prescribed order", () => {
  it("a ready profile may search", () => expect(searchBlocker(ready, 0, NOW)).toBeNull());

  it.each([
    ["email verified", { verified: false }, "Please verify your email to begin search."],
    ["chat complete", { chatComplete: false }, "Please complete onboarding to begin search."],
    ["pictures uploaded", { picturesUploaded: false }, "Please upload enough pictures to begin search."],
    ["ZIP set (null)", { zipCode: null }, "Please enter your ZIP code to begin search."],
    ["ZIP set (empty)", { zipCode: " " }, "Please enter your ZIP code to begin search."],
    ["birthday set (null)", { birthday: null }, "Please enter your birthday to begin search."],
    ["birthday set (empty)", { birthday: "" }, "Please enter your birthday to begin search."],
    ["status active", { status: "unavailable" }, 'Set your status to "Still Looking" to begin search.'],
  ] as const)("%s", (_rule, change, text) => {
    const code = searchBlocker({ ...ready, ...change }, 0, NOW);
    expect(code && MESSAGES[code]).toBe(text);
  });

  it("reports only the first failure when several fail", () => {
    const nothing: SearchGateInput = {
      verified: false,
      chatComplete: false,
      picturesUploaded: false,
      zipCode: null,
      birthday: null,
      status: "unavailable",
      searchStarted: NOW,
    };
    const order = [
      "verifyEmailToSearch",
      "completeOnboardingToSearch",
      "uploadPicturesToSearch",
      "enterZipToSearch",
      "enterBirthdayToSearch",
      "setStatusActiveToSearch",
      "searchInProgress",
    ];
    const fixes: Partial<SearchGateInput>[] = [
      { verified: true },
      { chatComplete: true },
      { picturesUploaded: true },
      { zipCode: "94110" },
      { birthday: "1990-05-05" },
      { status: "active" },
      { searchStarted: null },
    ];
    let p = nothing;
    for (const [i, fix] of fixes.entries()) {
      expect(searchBlocker(p, 3, NOW)).toBe(order[i]);
      p = { ...p, ...fix };
    }
    expect(searchBlocker(p, 3, NOW)).toBeNull();
  });
});

describe("'A search may start only if none has started, or the last one is at least 7 days old, or fewer than 3 non-'no' matches exist; otherwise 'A search is in progress.''", () => {
  it("none started → allowed even with many matches", () => {
    expect(searchBlocker({ ...ready, searchStarted: null }, 10, NOW)).toBeNull();
  });
  it("7 days minus 1 ms with 3 live matches → 'A search is in progress.'", () => {
    expect(searchBlocker({ ...ready, searchStarted: NOW - WEEK + 1 }, 3, NOW)).toBe("searchInProgress");
    expect(MESSAGES.searchInProgress).toBe("A search is in progress.");
  });
  it("exactly 7 days (604800000 ms) → allowed", () => {
    expect(searchBlocker({ ...ready, searchStarted: NOW - WEEK }, 3, NOW)).toBeNull();
  });
  it("7 days plus 1 ms → allowed", () => {
    expect(searchBlocker({ ...ready, searchStarted: NOW - WEEK - 1 }, 3, NOW)).toBeNull();
  });
  it("a search started just now with 2 live matches → allowed (fewer than 3)", () => {
    expect(searchBlocker({ ...ready, searchStarted: NOW }, 2, NOW)).toBeNull();
  });
  it("a search started just now with 3 live matches → blocked", () => {
    expect(searchBlocker({ ...ready, searchStarted: NOW }, 3, NOW)).toBe("searchInProgress");
  });
  it("searchCooldownOver agrees at the boundaries", () => {
    expect(searchCooldownOver(null, 99, NOW)).toBe(true);
    expect(searchCooldownOver(NOW - WEEK + 1, 3, NOW)).toBe(false);
    expect(searchCooldownOver(NOW - WEEK, 3, NOW)).toBe(true);
    expect(searchCooldownOver(NOW, 2, NOW)).toBe(true);
  });
});
