import { SERVER_OWNED_PROFILE_FIELDS } from "@sams-web/domain/profile/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles, users } from "../../../src/db/schema.ts";
import { createTestApp, signUp, type TestApp } from "../../support/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A birthday `years` years before today's local date, as 'YYYY-MM-DD'. */
function birthdayYearsAgo(years: number, dayShift = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + dayShift);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function patch(cookie: string, payload: unknown) {
  return t.app.inject({ method: "PATCH", url: "/api/profile", headers: { cookie }, payload: payload as object });
}

async function getProfile(cookie: string) {
  const response = await t.app.inject({ method: "GET", url: "/api/profile", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().profile;
}

describe("GET/PATCH /api/profile: a user reads and writes only their own profile", () => {
  it("refuses a guest", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PATCH", url: "/api/profile", payload: { gender: "man" } })).statusCode).toBe(
      401,
    );
  });

  it("returns the defaults of a new profile: status unavailable, radius 25", async () => {
    const { cookie, email } = await signUp(t.app, { name: "Ada" });
    const profile = await getProfile(cookie);
    expect(profile).toMatchObject({
      displayName: "Ada",
      email,
      status: "unavailable",
      verified: false,
      searchRadius: 25,
      zipCode: null,
      birthday: null,
      age: null,
      photoUrls: [],
      picturesUploaded: false,
    });
  });

  it("writes only the caller's row, whatever else the body says", async () => {
    const a = await signUp(t.app, { name: "Ann" });
    const b = await signUp(t.app, { name: "Bea" });
    expect((await patch(a.cookie, { displayName: "Ann Two", userId: b.userId })).statusCode).toBe(400);
    expect((await patch(a.cookie, { displayName: "Ann Two" })).statusCode).toBe(200);
    expect((await getProfile(b.cookie)).displayName).toBe("Bea");
  });
});

describe("'Display name is required on settings and sanitised the same way'", () => {
  it("sanitises and keeps the auth name in sync, so the header greets by it", async () => {
    const { cookie, userId } = await signUp(t.app, { name: "Old" });
    const response = await patch(cookie, { displayName: "  <Zoë> & 'Co'  " });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.displayName).toBe("Zoë  Co");
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user?.name).toBe("Zoë  Co");
    const session = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(session.json().user.name).toBe("Zoë  Co");
  });

  it.each([
    ["", MESSAGES.displayNameRequired],
    [" <&> ", MESSAGES.displayNameRequired],
    ["x".repeat(51), MESSAGES.displayNameTooLong],
  ])("refuses %j with its message", async (name, message) => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { displayName: name });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });
});

describe("'ZIP code: at most 5 characters, five digits; US only; backend may reject with ZIP code not found'", () => {
  it("stores a ZIP that exists", async () => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { zipCode: "94110" })).json().profile.zipCode).toBe("94110");
  });
  it("refuses a well-formed ZIP that is not in the USPS list with 'ZIP code not found…'", async () => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { zipCode: "00000" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      status: "INVALID_ARGUMENT",
      code: "zipNotFound",
      message: MESSAGES.zipNotFound,
    });
  });
  it.each(["9411", "941101", "9411a", "ABCDE", 94110])("refuses %j as not five digits", async (zip) => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { zipCode: zip });
    expect(response.statusCode).toBe(400);
    if (typeof zip === "string") expect(response.json().error.message).toBe(MESSAGES.zipInvalid);
  });
  it("clears the ZIP with null", async () => {
    const { cookie } = await signUp(t.app);
    await patch(cookie, { zipCode: "10001" });
    expect((await patch(cookie, { zipCode: null })).json().profile.zipCode).toBeNull();
  });
});

describe("'Search radius: 1 to 500 miles'", () => {
  it.each([1, 500])("accepts %i", async (radius) => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { searchRadius: radius })).json().profile.searchRadius).toBe(radius);
  });
  it.each([0, 501, 2.5, "25"])("refuses %j with its message", async (radius) => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { searchRadius: radius });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.radiusInvalid);
  });
});

describe("'Gender toggles cycle man, woman, empty'", () => {
  it("stores man, woman and '' and refuses anything else", async () => {
    const { cookie } = await signUp(t.app);
    for (const g of ["man", "woman", ""]) {
      expect((await patch(cookie, { gender: g, seekingGender: g })).json().profile).toMatchObject({
        gender: g,
        seekingGender: g,
      });
    }
    expect((await patch(cookie, { gender: "other" })).statusCode).toBe(400);
  });
});

describe("'Birthday: a date not later than 18 years ago. Age is computed from it.'", () => {
  it("stores the birthday of someone turning 18 today and computes age 18", async () => {
    const { cookie, userId } = await signUp(t.app);
    const response = await patch(cookie, { birthday: birthdayYearsAgo(18) });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.age).toBe(18);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(row?.age).toBe(18);
  });
  it("refuses a person whose 18th birthday is tomorrow", async () => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { birthday: birthdayYearsAgo(18, 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.birthdayTooYoung);
  });
  it.each(["2001-02-30", "15/04/1990", "1899-12-31"])("refuses %j", async (birthday) => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { birthday })).statusCode).toBe(400);
  });
  it("ignores a client-sent age: the server computes it", async () => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { birthday: birthdayYearsAgo(40), age: 25 })).statusCode).toBe(400);
    expect((await patch(cookie, { birthday: birthdayYearsAgo(40) })).json().profile.age).toBe(40);
  });
});

describe("'Age preference: offset lowest is 18 minus age, floored at -20, at most -5; maximum +5 to +20'", () => {
  it("'Please enter a valid birthday to set age preferences' without a birthday", async () => {
    const { cookie } = await signUp(t.app);
    const response = await patch(cookie, { ageRangeMin: -10 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.birthdayRequiredForAgeRange);
  });
  it("accepts the bounds -20 and +20, and -5 and +5, for a 40-year-old", async () => {
    const { cookie } = await signUp(t.app);
    await patch(cookie, { birthday: birthdayYearsAgo(40) });
    expect((await patch(cookie, { ageRangeMin: -20, ageRangeMax: 20 })).json().profile).toMatchObject({
      ageRangeMin: -20,
      ageRangeMax: 20,
    });
    expect((await patch(cookie, { ageRangeMin: -5, ageRangeMax: 5 })).json().profile).toMatchObject({
      ageRangeMin: -5,
      ageRangeMax: 5,
    });
  });
  it.each([[{ ageRangeMin: -21 }], [{ ageRangeMin: -4 }], [{ ageRangeMax: 4 }], [{ ageRangeMax: 21 }]])(
    "refuses %j for a 40-year-old",
    async (range) => {
      const { cookie } = await signUp(t.app);
      await patch(cookie, { birthday: birthdayYearsAgo(40) });
      expect((await patch(cookie, range)).statusCode).toBe(400);
    },
  );
  it("never lets the minimum age fall below 18: a 25-year-old cannot choose -8", async () => {
    const { cookie } = await signUp(t.app);
    await patch(cookie, { birthday: birthdayYearsAgo(25) });
    expect((await patch(cookie, { ageRangeMin: -7 })).json().profile.ageRangeMin).toBe(-7);
    const response = await patch(cookie, { ageRangeMin: -8 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.ageRangeOutOfBounds);
  });
  it("a new birthday pulls the stored range inside the new bounds", async () => {
    const { cookie, userId } = await signUp(t.app);
    // Set in the database: the day allows one birthday change through the API.
    await t.db
      .update(profiles)
      .set({ birthday: birthdayYearsAgo(50), age: 50, ageRangeMin: -20, ageRangeMax: 20 })
      .where(eq(profiles.userId, userId));
    const profile = (await patch(cookie, { birthday: birthdayYearsAgo(21) })).json().profile;
    expect(profile).toMatchObject({ age: 21, ageRangeMin: -3, ageRangeMax: 20 });
  });
});

describe("fields the server owns are never taken from the client", () => {
  it.each(SERVER_OWNED_PROFILE_FIELDS)("refuses a body naming %s and changes nothing", async (field) => {
    const { cookie } = await signUp(t.app);
    const before = await getProfile(cookie);
    const value = field === "photoUrls" ? ["/evil.jpg"] : field === "email" ? "x@evil.test" : 1;
    const response = await patch(cookie, { gender: "woman", [field]: value });
    expect(response.statusCode).toBe(400);
    expect(await getProfile(cookie)).toEqual(before);
  });
});

describe("'User status … The toggle is disabled until email is verified, chat complete and pictures uploaded'", () => {
  async function setFlags(userId: string, flags: Partial<typeof profiles.$inferInsert>) {
    await t.db.update(profiles).set(flags).where(eq(profiles.userId, userId));
  }

  it.each([
    [{ verified: false, chatComplete: true, picturesUploaded: true }],
    [{ verified: true, chatComplete: false, picturesUploaded: true }],
    [{ verified: true, chatComplete: true, picturesUploaded: false }],
  ])("refuses active while %j", async (flags) => {
    const { cookie, userId } = await signUp(t.app);
    await setFlags(userId, flags);
    const response = await patch(cookie, { status: "active" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      status: "FAILED_PRECONDITION",
      code: "statusChangeNotAllowed",
      message: MESSAGES.statusChangeNotAllowed,
    });
    expect((await getProfile(cookie)).status).toBe("unavailable");
  });

  it("allows active once all three hold, and back to unavailable, publishing 'profile'", async () => {
    const { cookie, userId } = await signUp(t.app);
    await setFlags(userId, { verified: true, chatComplete: true, picturesUploaded: true });
    const events: string[] = [];
    const stop = t.bus.subscribe(userId, (event) => events.push(event.topic));
    expect((await patch(cookie, { status: "active" })).json().profile.status).toBe("active");
    expect((await patch(cookie, { status: "unavailable" })).json().profile.status).toBe("unavailable");
    stop();
    expect(events).toEqual(["profile", "profile"]);
  });
});

describe("'privacySettings (set; a null write clears expired preferences)'", () => {
  it("stores and clears the cookie preferences, telling the other tabs", async () => {
    const { cookie, userId } = await signUp(t.app);
    const events: string[] = [];
    const stop = t.bus.subscribe(userId, (event) => events.push(event.topic));
    const prefs = { bannerDismissed: true, analytics: true, adTracking: false, expiry: Date.now() + 1000 };
    expect((await patch(cookie, { privacySettings: prefs })).json().profile.privacySettings).toEqual(prefs);
    expect((await patch(cookie, { privacySettings: null })).json().profile.privacySettings).toBeNull();
    stop();
    expect(events).toEqual(["profile", "consent", "profile", "consent"]);
  });
});
