import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../shared/time.ts";
import { isSearchable, SAM_SEARCH_MIN_GAP_MS, type SearchGateInput, samSearchDecision } from "./rules.ts";

const NOW = Date.UTC(2026, 5, 1, 12);
const READY: SearchGateInput = {
  verified: true,
  chatComplete: true,
  picturesUploaded: true,
  zipCode: "10001",
  birthday: "1990-07-01",
  status: "active",
  searchStarted: null,
};

describe("Sam's own searches", () => {
  it("search a person who is ready and has not searched lately", () => {
    expect(samSearchDecision(READY, 0, NOW)).toBe("search");
    expect(samSearchDecision({ ...READY, searchStarted: NOW - SAM_SEARCH_MIN_GAP_MS }, 2, NOW)).toBe("search");
  });

  it("wait while a search ran in the last hours, or with three live matches, or anything Begin Search asks is missing", () => {
    expect(samSearchDecision({ ...READY, searchStarted: NOW - 2 * HOUR_MS }, 0, NOW)).toBe("later");
    expect(samSearchDecision(READY, 3, NOW)).toBe("later");
    expect(samSearchDecision({ ...READY, zipCode: null }, 0, NOW)).toBe("later");
    expect(samSearchDecision({ ...READY, picturesUploaded: false }, 0, NOW)).toBe("later");
  });

  it("stop for a person who is no longer Still Looking", () => {
    expect(samSearchDecision({ ...READY, status: "unavailable" }, 0, NOW)).toBe("stop");
  });

  it("a person is searchable when every Begin Search requirement holds, whatever the cool-down", () => {
    expect(isSearchable(READY)).toBe(true);
    expect(isSearchable({ ...READY, birthday: null })).toBe(false);
    expect(isSearchable({ ...READY, status: "unavailable" })).toBe(false);
    expect(isSearchable({ ...READY, verified: false })).toBe(false);
  });
});
