import { describe, expect, it } from "vitest";
import {
  AGE_OFFSET_LOWEST,
  AGE_OFFSET_MAX_HIGH,
  AGE_OFFSET_MAX_LOW,
  AGE_OFFSET_MIN_UPPER,
  ageOffsetBounds,
  ageOn,
  canChangeStatus,
  clampAgeRange,
  displayNameFromSignup,
  GENDERS,
  headerDisplayName,
  MIN_AGE,
  nextGender,
  parseIsoDate,
  preferredAges,
  RADIUS_DEFAULT,
  RADIUS_MAX,
  RADIUS_MIN,
  SETTINGS_DEBOUNCE_MS,
  SETTINGS_SAVED_NOTICE_MS,
  STATUS_LABELS,
  STATUS_UPDATED_MESSAGE,
  sanitizeName,
  ZIP_LENGTH,
} from "./rules.ts";
import { genderSchema, statusSchema } from "./schemas.ts";

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

describe("business constants: the profile", () => {
  it.each([
    ["Settings auto-save debounce 750 ms", SETTINGS_DEBOUNCE_MS, 750],
    ["saved notice 2 s", SETTINGS_SAVED_NOTICE_MS, 2000],
    ["Search radius 1 to 500 miles (min)", RADIUS_MIN, 1],
    ["Search radius 1 to 500 miles (max)", RADIUS_MAX, 500],
    ["default 25", RADIUS_DEFAULT, 25],
    ["ZIP length 5", ZIP_LENGTH, 5],
    ["Minimum age 18", MIN_AGE, 18],
    ["Age offset: lowest -20", AGE_OFFSET_LOWEST, -20],
    ["minimum offset at most -5", AGE_OFFSET_MIN_UPPER, -5],
    ["maximum offset +5 ...", AGE_OFFSET_MAX_LOW, 5],
    ["... to +20", AGE_OFFSET_MAX_HIGH, 20],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
