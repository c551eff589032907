import { describe, expect, it } from "vitest";
import { EMAIL_KIND_LABELS, newPeopleMailText, PUSH_BODIES } from "./messages.ts";
import { EMAIL_KIND_OF, EMAIL_KINDS, isAppleMobile, isEmailKind, NOTICE_KINDS, NOTICE_PATHS } from "./rules.ts";

describe("notifications", () => {
  it("every kind of news has an email switch, a push line and a page to open", () => {
    for (const kind of NOTICE_KINDS) {
      expect(EMAIL_KINDS).toContain(EMAIL_KIND_OF[kind]);
      expect(PUSH_BODIES[kind].length).toBeGreaterThan(0);
      expect(NOTICE_PATHS[kind]).toMatch(/^\//);
    }
    for (const kind of EMAIL_KINDS) expect(EMAIL_KIND_LABELS[kind].length).toBeGreaterThan(0);
  });

  it("knows its email kinds and nothing else", () => {
    expect(isEmailKind("newPeople")).toBe(true);
    expect(isEmailKind("toString")).toBe(false);
    expect(isEmailKind(undefined)).toBe(false);
  });

  it("says what waits, and nothing about who", () => {
    const both = newPeopleMailText("Robin", { questions: true, photos: true }, false);
    expect(both.news).toMatch(/questions/);
    expect(both.news).toMatch(/Photos/);
    const questions = newPeopleMailText("Robin", { questions: true, photos: false }, true);
    expect(questions.news).not.toMatch(/Photos/);
    expect(questions.subject).not.toBe(both.subject);
  });

  it("tells an iPhone or iPad, including iPadOS asking for the desktop site, from a Mac or a phone of another kind", () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15";
    const ipadDesktop =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15";
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
    expect(isAppleMobile(iphone, 5)).toBe(true);
    expect(isAppleMobile(ipadDesktop, 5)).toBe(true);
    expect(isAppleMobile(ipadDesktop, 0)).toBe(false);
    expect(isAppleMobile(android, 5)).toBe(false);
  });
});

describe("Sam's greeting back in the chat", () => {
  it("says what waits, questions first, and nothing when nothing does", async () => {
    const { waitingGreeting } = await import("./messages.ts");
    expect(waitingGreeting("Ana", { questions: true, photos: true })).toMatch(/^Welcome back, Ana! .*questions/);
    expect(waitingGreeting(null, { questions: false, photos: true })).toMatch(/^Welcome back! .*photos/);
    expect(waitingGreeting("Ana", { questions: false, photos: false })).toBeNull();
  });
});
