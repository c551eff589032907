import { describe, expect, expectTypeOf, it } from "vitest";
import {
  ageOffsetBounds,
  ageOn,
  birthdaySchema,
  canChangeStatus,
  clampAgeRange,
  displayNameFromSignup,
  displayNameSchema,
  GENDERS,
  genderSchema,
  headerDisplayName,
  isDeleteConfirmed,
  makeProfileUpdateSchema,
  nextGender,
  PROFILE_FIELDS,
  type Profile,
  parseIsoDate,
  preferredAges,
  profileSchema,
  profileUpdateSchema,
  radiusSchema,
  SERVER_OWNED_PROFILE_FIELDS,
  STATUS_LABELS,
  STATUS_UPDATED_MESSAGE,
  sanitizeName,
  statusSchema,
  zipSchema,
} from "./profile-rules.ts";

function firstMessage(r: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return r.error?.issues[0]?.message;
}

describe("test environment", () => {
  it("runs in a non-UTC zone, as ages are time-zone sensitive", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("America/Los_Angeles");
  });
});

describe("'Name is stripped of < > \" ' & and trimmed'", () => {
  it.each([
    ["<b>Ada</b>", "bAda/b"],
    [`  "Ada" & 'Bo'  `, "Ada  Bo"],
    ["<>\"'&", ""],
    ["  Zoë O Brien ", "Zoë O Brien"],
  ])("sanitizeName(%j) → %j", (raw, clean) => {
    expect(sanitizeName(raw)).toBe(clean);
  });
});

describe("'if empty, the part of the email before the @ is used'", () => {
  it("uses the sanitised name when there is one", () => {
    expect(displayNameFromSignup("  Ada <3 ", "ada@example.com")).toBe("Ada 3");
  });
  it.each(["", "   ", "<>&"])("falls back to the email local part when the name is %j", (name) => {
    expect(displayNameFromSignup(name, "ada.lovelace@example.com")).toBe("ada.lovelace");
  });
  it("sanitises the email fallback too", () => {
    expect(displayNameFromSignup("", "o'brien&co@example.com")).toBe("obrienco");
  });
  it("cuts an over-long name to 50 characters instead of failing sign-up", () => {
    expect(displayNameFromSignup("x".repeat(60), "a@b.co")).toBe("x".repeat(50));
    expect(displayNameFromSignup("", `${"y".repeat(64)}@b.co`)).toBe("y".repeat(50));
  });
  it("uses 'User' when nothing usable is left", () => {
    expect(displayNameFromSignup("", "'&'@example.com")).toBe("User");
  });
});

describe("header: 'display name from the profile, falling back to the auth name, then \"User\"'", () => {
  it("prefers the profile name", () => expect(headerDisplayName("Ada", "Auth")).toBe("Ada"));
  it("then the auth name", () => expect(headerDisplayName("  ", "Auth")).toBe("Auth"));
  it("then 'User'", () => expect(headerDisplayName(null, undefined)).toBe("User"));
});

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
  it("parseIsoDate accepts real calendar dates only", () => {
    expect(parseIsoDate("2000-02-29")).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate("1900-02-29")).toBeNull();
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("2023-04-31")).toBeNull();
    expect(parseIsoDate("2023-13-01")).toBeNull();
    expect(parseIsoDate("2023-00-10")).toBeNull();
    expect(parseIsoDate("2023-1-10")).toBeNull();
    expect(parseIsoDate("2023-01-10T00:00")).toBeNull();
  });

  it("ageOn: the day before the 18th birthday is 17, the birthday itself is 18", () => {
    expect(ageOn("2008-06-15", new Date(2026, 5, 14))).toBe(17);
    expect(ageOn("2008-06-15", new Date(2026, 5, 15))).toBe(18);
  });

  it("ageOn: a 29 February birthday turns a year older on 1 March in non-leap years", () => {
    expect(ageOn("2008-02-29", new Date(2026, 1, 28, 23, 59, 59, 999))).toBe(17);
    expect(ageOn("2008-02-29", new Date(2026, 2, 1, 0, 0, 0, 0))).toBe(18);
  });

  it("ageOn: a 29 February birthday counts on 29 February in leap years", () => {
    expect(ageOn("2004-02-29", new Date(2028, 1, 28))).toBe(23);
    expect(ageOn("2004-02-29", new Date(2028, 1, 29))).toBe(24);
  });

  it("ageOn uses the local calendar date, not UTC", () => {
    // 07:59:59.999Z on 1 March is still 28 February, 23:59 in Los Angeles.
    expect(ageOn("2008-03-01", new Date("2026-03-01T07:59:59.999Z"))).toBe(17);
    expect(ageOn("2008-03-01", new Date("2026-03-01T08:00:00.000Z"))).toBe(18);
  });

  it("ageOn throws on a non-date", () => {
    expect(() => ageOn("2023-02-30", new Date(2026, 0, 1))).toThrow(RangeError);
  });

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

describe("'Age preference: minimum age at least 18 and at most the user's age; offset lowest is 18 minus age, floored at -20, clamped to at most -5. Maximum is age plus an offset of 5 to 20.'", () => {
  it.each([
    [18, 0, 0],
    [19, -1, -1],
    [20, -2, -2],
    [22, -4, -4],
    [23, -5, -5],
    [24, -6, -5],
    [30, -12, -5],
    [37, -19, -5],
    [38, -20, -5],
    [39, -20, -5],
    [80, -20, -5],
  ])("age %i: minimum offset from %i to %i", (age, minLowest, minHighest) => {
    expect(ageOffsetBounds(age)).toEqual({ minLowest, minHighest, maxLowest: 5, maxHighest: 20 });
  });

  it.each([18, 19, 22, 23, 24, 30, 38, 60])(
    "age %i: the minimum age is never below 18 nor above the user's age",
    (age) => {
      const b = ageOffsetBounds(age);
      for (const offset of [b.minLowest, b.minHighest]) {
        expect(age + offset).toBeGreaterThanOrEqual(18);
        expect(age + offset).toBeLessThanOrEqual(age);
      }
      expect(b.minLowest).toBeLessThanOrEqual(b.minHighest);
    },
  );

  it.each([17, 0, -1, 18.5, Number.NaN])("rejects age %s (registration is 18+ only)", (age) => {
    expect(() => ageOffsetBounds(age)).toThrow(RangeError);
  });

  it("clampAgeRange keeps legal offsets", () => {
    expect(clampAgeRange(40, { ageRangeMin: -10, ageRangeMax: 12 })).toEqual({ ageRangeMin: -10, ageRangeMax: 12 });
  });
  it("clampAgeRange pulls offsets inside the bounds at both ends", () => {
    expect(clampAgeRange(40, { ageRangeMin: -30, ageRangeMax: 30 })).toEqual({ ageRangeMin: -20, ageRangeMax: 20 });
    expect(clampAgeRange(40, { ageRangeMin: 0, ageRangeMax: 1 })).toEqual({ ageRangeMin: -5, ageRangeMax: 5 });
  });
  it("clampAgeRange for a 20-year-old pins the minimum age at 18", () => {
    expect(clampAgeRange(20, { ageRangeMin: -10, ageRangeMax: 7 })).toEqual({ ageRangeMin: -2, ageRangeMax: 7 });
  });
  it("clampAgeRange fills missing values with the narrowest legal range and rounds fractions", () => {
    expect(clampAgeRange(40, {})).toEqual({ ageRangeMin: -5, ageRangeMax: 5 });
    expect(clampAgeRange(40, { ageRangeMin: null, ageRangeMax: Number.NaN })).toEqual({
      ageRangeMin: -5,
      ageRangeMax: 5,
    });
    expect(clampAgeRange(40, { ageRangeMin: -7.6, ageRangeMax: 9.4 })).toEqual({ ageRangeMin: -8, ageRangeMax: 9 });
  });
  it("preferredAges turns offsets into years", () => {
    expect(preferredAges(40, { ageRangeMin: -10, ageRangeMax: 5 })).toEqual({ minAge: 30, maxAge: 45 });
  });
});

describe("'Search radius: 1 to 500 miles, default 25'", () => {
  it.each([1, 25, 500])("accepts %i", (r) => expect(radiusSchema.safeParse(r).success).toBe(true));
  it.each([0, 501, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "25"])("rejects %s", (r) => {
    expect(firstMessage(radiusSchema.safeParse(r))).toBe("Please choose a search radius from 1 to 500 miles.");
  });
});

describe("'Gender toggles cycle man, woman, empty (non-binary or unselected)'", () => {
  it("cycles man → woman → '' → man", () => {
    expect(nextGender("man")).toBe("woman");
    expect(nextGender("woman")).toBe("");
    expect(nextGender("")).toBe("man");
  });
  it("has exactly these values", () => {
    expect(GENDERS).toEqual(["man", "woman", ""]);
    expect(genderSchema.safeParse("other").success).toBe(false);
  });
});

describe("'User status: unavailable (default) or active (labelled Still Looking)'", () => {
  it("labels active 'Still Looking'", () => expect(STATUS_LABELS.active).toBe("Still Looking"));
  it("accepts only the two statuses", () => {
    expect(statusSchema.options).toEqual(["unavailable", "active"]);
    expect(statusSchema.safeParse("Still Looking").success).toBe(false);
  });
  it("maps each status to its 'Status updated to ...' notice", () => {
    expect(STATUS_UPDATED_MESSAGE).toEqual({ active: "statusUpdatedActive", unavailable: "statusUpdatedUnavailable" });
  });
  it("'The toggle is disabled until email is verified, chat complete and pictures uploaded'", () => {
    expect(canChangeStatus({ verified: true, chatComplete: true, picturesUploaded: true })).toBe(true);
    expect(canChangeStatus({ verified: false, chatComplete: true, picturesUploaded: true })).toBe(false);
    expect(canChangeStatus({ verified: true, chatComplete: false, picturesUploaded: true })).toBe(false);
    expect(canChangeStatus({ verified: true, chatComplete: true, picturesUploaded: false })).toBe(false);
  });
});

describe("'Account deletion requires typing 'delete''", () => {
  it.each([
    ["delete", true],
    [" delete ", true],
    ["Delete", false],
    ["DELETE", false],
    ["delet", false],
    ["", false],
  ])("%j → %s", (typed, ok) => expect(isDeleteConfirmed(typed)).toBe(ok));
});

describe("Profile (SPEC section 3)", () => {
  it("has every field of the spec's user profile", () => {
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
