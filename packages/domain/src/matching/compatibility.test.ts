import { describe, expect, it } from "vitest";
import { computeCompatibility } from "./compatibility.ts";
import { subScoresSchema } from "./schemas.ts";

describe("computeCompatibility: the score is reciprocal (both must fit), computed by code from validated sub-scores; dealbreakers are hard", () => {
  const all = (n: number) => ({ values: n, lifestyle: n, goals: n, communication: n, interests: n });

  it("perfect fit both ways → 100; none → 0", () => {
    expect(computeCompatibility(all(10), all(10), false)).toBe(100);
    expect(computeCompatibility(all(0), all(0), false)).toBe(0);
  });
  it("a one-sided fit scores 0, not 50 (geometric mean)", () => {
    expect(computeCompatibility(all(10), all(0), false)).toBe(0);
  });
  it("is the geometric mean of both directions' averages scaled to 0-100", () => {
    expect(computeCompatibility(all(9), all(4), false)).toBe(60); // √(9·4) = 6
    expect(computeCompatibility(all(8), all(8), false)).toBe(80);
    // averages 7.4 and 5.0 → √37 · 10 = 60.83 → 61
    expect(
      computeCompatibility({ values: 10, lifestyle: 8, goals: 7, communication: 6, interests: 6 }, all(5), false),
    ).toBe(61);
  });
  it("is symmetric", () => {
    const a = { values: 10, lifestyle: 2, goals: 7, communication: 6, interests: 3 };
    const b = { values: 4, lifestyle: 9, goals: 1, communication: 8, interests: 5 };
    expect(computeCompatibility(a, b, false)).toBe(computeCompatibility(b, a, false));
  });
  it("always returns an integer within 0..100", () => {
    for (let x = 0; x <= 10; x++) {
      for (let y = 0; y <= 10; y++) {
        const s = computeCompatibility({ ...all(x), goals: y }, all(y), false);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
      }
    }
  });
  it("a dealbreaker conflict → 0 even for a perfect fit", () => {
    expect(computeCompatibility(all(10), all(10), true)).toBe(0);
  });
  it.each([
    ["NaN", { ...all(5), values: Number.NaN }],
    ["Infinity", { ...all(5), values: Number.POSITIVE_INFINITY }],
    ["above 10", { ...all(5), goals: 11 }],
    ["below 0", { ...all(5), goals: -1 }],
    ["a fraction", { ...all(5), interests: 7.5 }],
    ["a string like '100%'", { ...all(5), values: "100%" }],
    ["a numeric string", { ...all(5), values: "5" }],
    ["a missing dimension", { values: 5, lifestyle: 5, goals: 5, communication: 5 }],
    ["an extra dimension", { ...all(5), looks: 10 }],
    ["null", null],
    ["an array", [5, 5, 5, 5, 5]],
  ])("throws on %s (validated by subScoresSchema)", (_what, bad) => {
    expect(() => computeCompatibility(bad, all(5), false)).toThrow();
    expect(() => computeCompatibility(all(5), bad, false)).toThrow();
    expect(subScoresSchema.safeParse(bad).success).toBe(false);
  });
  it("throws on a non-boolean dealbreaker flag", () => {
    expect(() => computeCompatibility(all(5), all(5), "false" as unknown as boolean)).toThrow();
  });
});
