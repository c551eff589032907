import { describe, expect, it } from "vitest";
import { DAY_MS } from "../shared/time.ts";
import { cutoff, dueBy, isPastRetention, RETENTION, RETENTION_JOBS } from "./rules.ts";

describe("'Retention (policy)' windows run as jobs", () => {
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

describe("RETENTION windows", () => {
  const D = DAY_MS;
  it.each([
    ["safety window after closure 3 months", RETENTION.closedAccountSafetyWindowMs, 90 * D],
    ["inactive accounts closed after 2 years", RETENTION.inactiveAccountMs, 730 * D],
    ["traffic logs 1 year", RETENTION.trafficLogsMs, 365 * D],
    ["consent records 5 years", RETENTION.consentRecordsMs, 5 * 365 * D],
    ["customer care records 5 years", RETENTION.customerCareRecordsMs, 5 * 365 * D],
    ["transaction logs 7 years", RETENTION.transactionLogsMs, 7 * 365 * D],
    ["deleted accounts 90 days", RETENTION.deletedAccountsMs, 90 * D],
    ["AI chat data anonymized after 30 days", RETENTION.aiChatAnonymisationMs, 30 * D],
    ["conversation logs 180 days", RETENTION.conversationLogsMs, 180 * D],
    ["identity verification data destroyed within 2 years at most", RETENTION.identityVerificationMs, 730 * D],
    ["data access requests answered within 30 days", RETENTION.accessRequestResponseMs, 30 * D],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
