import { describe, expect, it } from "vitest";
import { formatDay, formatDayAndTime } from "./dates.ts";

// Midday UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
const connectedAt = Date.UTC(2026, 10, 26, 12, 0);

describe("dates on a member's screens", () => {
  it("a connection's day reads as a short month, the day and the year, the same on every call", () => {
    expect(formatDay(connectedAt)).toBe("Nov 26, 2026");
    expect(formatDay(new Date(connectedAt))).toBe("Nov 26, 2026");
    expect(formatDay(Date.UTC(2025, 0, 5, 12, 0))).toBe("Jan 5, 2025");
  });

  it("a privacy request's time carries its day and its minute", () => {
    const text = formatDayAndTime(connectedAt);
    expect(text).toContain("2026");
    expect(text).toMatch(/\d{1,2}:\d{2}/);
  });
});
