import { describe, expect, it } from "vitest";
import { RETENTION } from "./constants.ts";
import { cutoff, dueBy, isPastRetention, RETENTION_JOBS } from "./retention.ts";

describe("'Retention (policy)' windows of SPEC section 9 run as jobs", () => {
  it("has one job per retention window, each with its window from RETENTION", () => {
    expect(RETENTION_JOBS.map((j) => j.window).sort()).toEqual(Object.keys(RETENTION).sort());
    for (const j of RETENTION_JOBS) expect(j.windowMs).toBe(RETENTION[j.window]);
  });
  it("job names are unique kebab-case and every job is described", () => {
    const names = RETENTION_JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    for (const j of RETENTION_JOBS) {
      expect(j.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(j.description.length).toBeGreaterThan(10);
    }
  });
  it("'AI chat data anonymized after 30 days' anonymises rather than deletes", () => {
    expect(RETENTION_JOBS.find((j) => j.window === "aiChatAnonymisationMs")?.action).toBe("anonymise");
  });
  it("'inactive accounts closed after 2 years' closes", () => {
    expect(RETENTION_JOBS.find((j) => j.window === "inactiveAccountMs")?.action).toBe("close");
  });
  it("'data access requests answered within 30 days' is a deadline", () => {
    expect(RETENTION_JOBS.find((j) => j.window === "accessRequestResponseMs")?.action).toBe("deadline");
  });
});

describe("cutoff", () => {
  const now = 1_800_000_000_000;
  const w = RETENTION.conversationLogsMs;
  it("is now minus the window", () => expect(cutoff(now, w)).toBe(now - w));
  it("a record exactly one window old is due; one millisecond younger is kept", () => {
    expect(isPastRetention(now - w, now, w)).toBe(true);
    expect(isPastRetention(now - w + 1, now, w)).toBe(false);
    expect(isPastRetention(now - w - 1, now, w)).toBe(true);
  });
  it("dueBy adds the window", () => expect(dueBy(now, RETENTION.accessRequestResponseMs)).toBe(now + 30 * 86_400_000));
});
