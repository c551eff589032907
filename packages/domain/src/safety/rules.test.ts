import { describe, expect, it } from "vitest";
import {
  applicableModerationActions,
  duplicatesByPerson,
  isModerator,
  MAX_COMBINING_MARKS,
  neutralisedText,
  parseAdminEmails,
  queueStrength,
} from "./rules.ts";

describe("moderators (ADMIN_EMAILS)", () => {
  const admins = parseAdminEmails(" Mod@Example.com, ,second@example.com ");

  it("reads a comma-separated list, ignoring spaces, case and empty entries", () => {
    expect(admins).toEqual(["mod@example.com", "second@example.com"]);
    expect(parseAdminEmails(undefined)).toEqual([]);
  });

  it("are the listed accounts whose email is verified by whoever holds their sign-in", () => {
    const proven = { emailVerified: true, mailboxProven: true };
    expect(isModerator({ email: "MOD@example.com", ...proven }, admins)).toBe(true);
    expect(isModerator({ email: "mod@example.com", emailVerified: false, mailboxProven: false }, admins)).toBe(false);
    expect(isModerator({ email: "mod@example.com", emailVerified: true, mailboxProven: false }, admins)).toBe(false);
    expect(isModerator({ email: "someone@example.com", ...proven }, admins)).toBe(false);
    expect(isModerator({ email: "mod@example.com", ...proven }, [])).toBe(false);
  });
});

describe("the decisions that apply to a person in the queue", () => {
  it("dismiss while something is open, suspend unless suspended, restore once suspended or hidden", () => {
    const visible = { suspended: false, shadowHidden: false, moderator: false };
    expect(applicableModerationActions({ ...visible, openItems: 1 })).toEqual(["dismiss", "suspend"]);
    expect(applicableModerationActions({ ...visible, openItems: 0 })).toEqual(["suspend"]);
    expect(
      applicableModerationActions({ suspended: false, shadowHidden: true, openItems: 3, moderator: false }),
    ).toEqual(["dismiss", "suspend", "restore"]);
    expect(
      applicableModerationActions({ suspended: false, shadowHidden: true, openItems: 0, moderator: false }),
    ).toEqual(["dismiss", "suspend", "restore"]);
    expect(
      applicableModerationActions({ suspended: true, shadowHidden: false, openItems: 0, moderator: false }),
    ).toEqual(["restore"]);
    expect(
      applicableModerationActions({ suspended: true, shadowHidden: true, openItems: 2, moderator: false }),
    ).toEqual(["dismiss", "restore"]);
  });

  it("never suspend a moderator (oneself included): nobody could restore one who did", () => {
    expect(
      applicableModerationActions({ suspended: false, shadowHidden: false, openItems: 2, moderator: true }),
    ).toEqual(["dismiss"]);
  });
});

describe("member text on the moderator's page", () => {
  it("shows bidirectional controls instead of obeying them", () => {
    expect(neutralisedText("photo\u202Egnp.exe")).toBe("photo⟨U+202E⟩gnp.exe");
    expect(neutralisedText("\u2067Ana\u2069 \u200F")).toBe("⟨U+2067⟩Ana⟨U+2069⟩ ⟨U+200F⟩");
  });

  it(`keeps up to ${MAX_COMBINING_MARKS} combining marks on a character and says how many more there were`, () => {
    expect(neutralisedText("Nguyễn Thị")).toBe("Nguyễn Thị");
    expect(neutralisedText("e\u0301\u0302")).toBe("e\u0301\u0302");
    const flood = `Z${"\u0336".repeat(500)}alg${"\u0489".repeat(4)}o`;
    expect(neutralisedText(flood)).toBe(`Z${"\u0336".repeat(3)}⟨497 more marks⟩alg${"\u0489".repeat(3)}⟨1 more mark⟩o`);
  });

  it("leaves ordinary text, right-to-left scripts and emoji alone", () => {
    for (const text of ["Anna-Lena O'Brien", "שלום עולם", "مرحبا", "👩‍❤️‍👨 ok"])
      expect(neutralisedText(text)).toBe(text);
  });
});

describe("the moderation queue's strongest first", () => {
  const report = (mailboxGroup: number, countsTowardHide = true) => ({ mailboxGroup, countsTowardHide });
  const duplicate = (otherId: string, photoUrl: string, distance: number) => ({ otherId, photoUrl, distance });

  it("measures counting reporters (one a mailbox), matched photos, the closest copy and open reports", () => {
    const twoReporters = { reports: [report(1), report(2)], duplicates: [] };
    const oneReporterThreeReports = { reports: [report(1), report(1), report(2, false)], duplicates: [] };
    const threeCopies = {
      reports: [report(1)],
      duplicates: [duplicate("a", "p0", 9), duplicate("a", "p1", 8), duplicate("b", "p2", 7)],
    };
    const oneCloseCopy = { reports: [report(1)], duplicates: [duplicate("a", "p0", 1), duplicate("b", "p0", 2)] };
    const nothingOpen = { reports: [], duplicates: [] };
    expect(queueStrength(twoReporters)).toEqual({
      countingReporters: 2,
      matchedPhotos: 0,
      closestDistance: null,
      openReports: 2,
    });
    expect(queueStrength(oneReporterThreeReports)).toEqual({
      countingReporters: 1,
      matchedPhotos: 0,
      closestDistance: null,
      openReports: 3,
    });
    expect(queueStrength(threeCopies)).toEqual({
      countingReporters: 1,
      matchedPhotos: 3,
      closestDistance: 7,
      openReports: 1,
    });
    expect(queueStrength(oneCloseCopy)).toEqual({
      countingReporters: 1,
      matchedPhotos: 1,
      closestDistance: 1,
      openReports: 1,
    });
    expect(queueStrength(nothingOpen)).toEqual({
      countingReporters: 0,
      matchedPhotos: 0,
      closestDistance: null,
      openReports: 0,
    });
  });

  it("groups a card's look-alike photos by the other person, the one with more matched photos first", () => {
    const groups = duplicatesByPerson([
      duplicate("ana", "p0", 5),
      duplicate("ben", "p1", 2),
      duplicate("ana", "p1", 3),
      duplicate("ana", "p0", 9),
    ]);
    expect(groups.map((group) => [group.otherId, group.matchedPhotos, group.closestDistance])).toEqual([
      ["ana", 2, 3],
      ["ben", 1, 2],
    ]);
    expect(groups[0]?.pairs.map((pair) => pair.distance)).toEqual([3, 5, 9]);
  });
});
