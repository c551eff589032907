import { describe, expect, it } from "vitest";
import { DAY_MS, YEAR_MS } from "./time.ts";

describe("durations", () => {
  it("a day is 86400000 ms and a year is 365 days", () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(YEAR_MS).toBe(365 * 86_400_000);
  });
});
