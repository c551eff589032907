import { describe, expect, expectTypeOf, it } from "vitest";
import { SERVER_OWNED_PROFILE_FIELDS } from "./rules.ts";
import {
  birthdaySchema,
  displayNameSchema,
  makeProfileUpdateSchema,
  PROFILE_FIELDS,
  type Profile,
  profileSchema,
  profileUpdateSchema,
  radiusSchema,
  zipSchema,
} from "./schemas.ts";

function firstMessage(r: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return r.error?.issues[0]?.message;
}

describe("'Display name is required on settings and sanitised the same way'", () => {
  it("outputs the sanitised name", () => {
    expect(displayNameSchema.parse(" <Ada> ")).toBe("Ada");
  });
  it.each(["", "   ", "<>&'\""])("rejects %j with 'Please enter your name.'", (raw) => {
    expect(firstMessage(displayNameSchema.safeParse(raw))).toBe("Please enter your name.");
  });
  it("accepts 50 characters and rejects 51", () => {
    expect(displayNameSchema.safeParse("a".repeat(50)).success).toBe(true);
    expect(firstMessage(displayNameSchema.safeParse("a".repeat(51)))).toBe(
      "Please keep your name to 50 characters or fewer.",
    );
  });
  it("counts length after sanitising", () => {
    expect(displayNameSchema.safeParse(`${"a".repeat(50)}&&&`).success).toBe(true);
  });
});

describe("'ZIP code: at most 5 characters, five digits; US only'", () => {
  it.each(["00501", "94110", "99950"])("accepts %s", (zip) => {
    expect(zipSchema.safeParse(zip).success).toBe(true);
  });
  it.each(["", "9411", "941101", "9411a", " 94110", "94110-1234", "٩٤١١٠", "A1B 2C"])("rejects %j", (zip) => {
    expect(firstMessage(zipSchema.safeParse(zip))).toBe("Please enter a 5-digit US ZIP code.");
  });
});

describe("'Birthday: a date not later than 18 years ago. Age is computed from it.'", () => {
  const today = new Date(2026, 5, 15, 12);
  it("accepts a birthday exactly 18 years ago and rejects the day after", () => {
    expect(birthdaySchema(today).safeParse("2008-06-15").success).toBe(true);
    expect(firstMessage(birthdaySchema(today).safeParse("2008-06-16"))).toBe(
      "You must be at least 18 years old to use Sam's Web.",
    );
  });
  it("rejects future dates as under 18", () => {
    expect(firstMessage(birthdaySchema(today).safeParse("2030-01-01"))).toBe(
      "You must be at least 18 years old to use Sam's Web.",
    );
  });
  it("accepts 1900-01-01 and rejects 1899-12-31", () => {
    expect(birthdaySchema(today).safeParse("1900-01-01").success).toBe(true);
    expect(firstMessage(birthdaySchema(today).safeParse("1899-12-31"))).toBe(
      "Please enter a birthday in 1900 or later.",
    );
  });
  it.each(["", "2000-02-30", "15/06/2000", "2000-6-15"])("rejects %j as not a date", (s) => {
    const r = birthdaySchema(today).safeParse(s);
    expect(firstMessage(r)).toBe("Please enter a valid birthday.");
    expect(r.error?.issues).toHaveLength(1);
  });
  it("a 29 February 2008 birthday is accepted from 1 March 2026, not on 28 February", () => {
    expect(birthdaySchema(new Date(2026, 1, 28)).safeParse("2008-02-29").success).toBe(false);
    expect(birthdaySchema(new Date(2026, 2, 1)).safeParse("2008-02-29").success).toBe(true);
  });
  it("reads a clock function at parse time", () => {
    let now = new Date(2026, 5, 14);
    const schema = birthdaySchema(() => now);
    expect(schema.safeParse("2008-06-15").success).toBe(false);
    now = new Date(2026, 5, 15);
    expect(schema.safeParse("2008-06-15").success).toBe(true);
  });
});

describe("'Search radius: 1 to 500 miles, default 25'", () => {
  it.each([1, 25, 500])("accepts %i", (r) => expect(radiusSchema.safeParse(r).success).toBe(true));
  it.each([0, 501, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "25"])("rejects %s", (r) => {
    expect(firstMessage(radiusSchema.safeParse(r))).toBe("Please choose a search radius from 1 to 500 miles.");
  });
});

describe("Profile", () => {
  it("has every field of the user profile", () => {
    expect([...PROFILE_FIELDS].sort()).toEqual(
      [
        "displayName",
        "email",
        "status",
        "createdAt",
        "verified",
        "gender",
        "seekingGender",
        "searchRadius",
        "zipCode",
        "birthday",
        "age",
        "ageRangeMin",
        "ageRangeMax",
        "chatComplete",
        "picturesUploaded",
        "conversationStage",
        "searchStarted",
        "matchAccepted",
        "photoUrls",
        "privacySettings",
      ].sort(),
    );
    expectTypeOf<keyof Profile>().toEqualTypeOf<(typeof PROFILE_FIELDS)[number]>();
  });

  it("every profile field is either client-editable or server-owned, never both", () => {
    const editable = Object.keys(profileUpdateSchema.shape);
    const owned: readonly string[] = SERVER_OWNED_PROFILE_FIELDS;
    expect([...editable, ...owned].sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(editable.filter((k) => owned.includes(k))).toEqual([]);
  });

  it("profileSchema parses a complete profile", () => {
    const p: Profile = {
      displayName: "Ada",
      email: "ada@example.com",
      status: "unavailable",
      createdAt: 1,
      verified: false,
      gender: "",
      seekingGender: "",
      searchRadius: 25,
      zipCode: null,
      birthday: null,
      age: null,
      ageRangeMin: -5,
      ageRangeMax: 5,
      chatComplete: false,
      picturesUploaded: false,
      conversationStage: "rapport_building",
      searchStarted: null,
      matchAccepted: null,
      photoUrls: [],
      privacySettings: null,
    };
    expect(profileSchema.parse(p)).toEqual(p);
  });
});

describe("profileUpdateSchema: fields the server owns are never taken from the client", () => {
  const schema = makeProfileUpdateSchema(new Date(2026, 5, 15));

  it("accepts a partial update of client-editable fields and sanitises the name", () => {
    expect(
      schema.parse({
        displayName: " <Ada> ",
        gender: "woman",
        seekingGender: "",
        searchRadius: 500,
        zipCode: "94110",
        birthday: "2008-06-15",
        ageRangeMin: -20,
        ageRangeMax: 20,
        status: "active",
        privacySettings: { bannerDismissed: true, analytics: false, adTracking: false, expiry: 1 },
      }),
    ).toMatchObject({ displayName: "Ada", zipCode: "94110", birthday: "2008-06-15" });
    expect(schema.parse({})).toEqual({});
  });

  it("accepts null to clear zipCode, birthday and privacySettings", () => {
    expect(schema.parse({ zipCode: null, birthday: null, privacySettings: null })).toEqual({
      zipCode: null,
      birthday: null,
      privacySettings: null,
    });
  });

  it.each(SERVER_OWNED_PROFILE_FIELDS)("rejects the server-owned field %s", (field) => {
    const r = schema.safeParse({ [field]: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("rejects unknown keys", () => {
    expect(schema.safeParse({ displayName: "Ada", isAdmin: true }).success).toBe(false);
  });

  it("rejects a birthday under 18 and offsets outside the static limits", () => {
    expect(schema.safeParse({ birthday: "2008-06-16" }).success).toBe(false);
    expect(schema.safeParse({ ageRangeMin: -21 }).success).toBe(false);
    expect(schema.safeParse({ ageRangeMin: 1 }).success).toBe(false);
    expect(schema.safeParse({ ageRangeMax: 4 }).success).toBe(false);
    expect(schema.safeParse({ ageRangeMax: 21 }).success).toBe(false);
    expect(schema.safeParse({ ageRangeMax: 5.5 }).success).toBe(false);
  });

  it.each([
    [{ ageRangeMin: -20 }, true],
    [{ ageRangeMin: -21 }, false],
    [{ ageRangeMin: -5 }, true],
    [{ ageRangeMax: 5 }, true],
    [{ ageRangeMax: 4 }, false],
    [{ ageRangeMax: 20 }, true],
    [{ ageRangeMax: 21 }, false],
    [{ searchRadius: 0 }, false],
    [{ searchRadius: 1 }, true],
    [{ searchRadius: 500 }, true],
    [{ searchRadius: 501 }, false],
    [{ zipCode: "9411a" }, false],
    [{ zipCode: "9411" }, false],
    [{ zipCode: "941101" }, false],
    [{ zipCode: "94110" }, true],
  ])("boundary %j → accepted %s", (input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });

  it("rejects an empty display name and a bad ZIP with their messages", () => {
    expect(firstMessage(schema.safeParse({ displayName: " & " }))).toBe("Please enter your name.");
    expect(firstMessage(schema.safeParse({ zipCode: "" }))).toBe("Please enter a 5-digit US ZIP code.");
  });
});
