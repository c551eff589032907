import { describe, expect, it } from "vitest";
import { applicableModerationActions, isModerator, parseAdminEmails } from "./rules.ts";

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
