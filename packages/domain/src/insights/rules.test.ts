import { describe, expect, it } from "vitest";
import { outcomesByBand, summarizeOutcomes } from "../matching/rules.ts";
import { INSIGHTS_DAYS, insightDays, weekOf } from "./rules.ts";

describe("the insights' days", () => {
  it("are the 90 UTC days ending today, oldest first, across a month and a year's end", () => {
    const days = insightDays(new Date("2027-01-05T23:30:00-08:00"));
    expect(days).toHaveLength(INSIGHTS_DAYS);
    // 23:30 in Los Angeles is the next day in UTC.
    expect(days.at(-1)).toBe("2027-01-06");
    expect(days[0]).toBe("2026-10-09");
    expect(days).toContain("2026-12-31");
    expect(new Set(days).size).toBe(days.length);
  });

  it("group into weeks that start on Monday", () => {
    expect(weekOf("2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(weekOf("2026-11-29")).toBe("2026-11-23"); // the Sunday after
    expect(weekOf("2027-01-01")).toBe("2026-12-28");
  });
});

describe("outcomes by score band from counts per score", () => {
  it("agree with the summary of single connections", () => {
    const connections = [
      { score: 55, asked: true, answers: ["met"] as const },
      { score: 65, asked: true, answers: [] },
      { score: 65, asked: true, answers: ["talked", "didNotTalk"] as const },
      { score: 92, asked: false, answers: [] },
      { score: 92, asked: true, answers: ["met", "talked"] as const },
    ];
    const counts = [
      { score: 55, connections: 1, asked: 1, answered: 1, met: 1 },
      { score: 65, connections: 2, asked: 2, answered: 1, met: 0 },
      { score: 92, connections: 2, asked: 1, answered: 1, met: 1 },
    ];
    expect(outcomesByBand(counts)).toEqual(summarizeOutcomes(connections));
    expect(outcomesByBand(counts).at(-1)).toEqual({
      band: "all",
      connections: 5,
      asked: 4,
      answered: 3,
      met: 2,
      metShare: 2 / 3,
    });
  });
});
