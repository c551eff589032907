import { describe, expect, it } from "vitest";
import { isModerator, parseAdminEmails } from "./rules.ts";

describe("moderators (ADMIN_EMAILS)", () => {
  const admins = parseAdminEmails(" Mod@Example.com, ,second@example.com ");

  it("reads a comma-separated list, ignoring spaces, case and empty entries", () => {
    expect(admins).toEqual(["mod@example.com", "second@example.com"]);
    expect(parseAdminEmails(undefined)).toEqual([]);
  });

  it("are the listed accounts whose email is verified", () => {
    expect(isModerator({ email: "MOD@example.com", emailVerified: true }, admins)).toBe(true);
    expect(isModerator({ email: "mod@example.com", emailVerified: false }, admins)).toBe(false);
    expect(isModerator({ email: "someone@example.com", emailVerified: true }, admins)).toBe(false);
    expect(isModerator({ email: "mod@example.com", emailVerified: true }, [])).toBe(false);
  });
});
