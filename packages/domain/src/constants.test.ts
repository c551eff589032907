import { describe, expect, it } from "vitest";
import * as C from "./constants.ts";

describe("business constants (SPEC section 9)", () => {
  it.each([
    ["Typing effect: one character per 50 ms", C.TYPING_MS_PER_CHAR, 50],
    ["Settings auto-save debounce 750 ms", C.SETTINGS_DEBOUNCE_MS, 750],
    ["saved notice 2 s", C.SETTINGS_SAVED_NOTICE_MS, 2000],
    ["Search radius 1 to 500 miles (min)", C.RADIUS_MIN, 1],
    ["Search radius 1 to 500 miles (max)", C.RADIUS_MAX, 500],
    ["default 25", C.RADIUS_DEFAULT, 25],
    ["ZIP length 5", C.ZIP_LENGTH, 5],
    ["Minimum age 18", C.MIN_AGE, 18],
    ["Age offset: lowest -20", C.AGE_OFFSET_LOWEST, -20],
    ["minimum offset at most -5", C.AGE_OFFSET_MIN_UPPER, -5],
    ["maximum offset +5 ...", C.AGE_OFFSET_MAX_LOW, 5],
    ["... to +20", C.AGE_OFFSET_MAX_HIGH, 20],
    ["New search allowed after 7 days (604800000 ms)", C.SEARCH_RETRY_MS, 604800000],
    ["or when fewer than 3 non-'no' matches exist", C.SEARCH_MIN_LIVE_MATCHES, 3],
    ["Match cool-down after accepting: 30 days", C.MATCH_COOLDOWN_MS, 30 * 24 * 60 * 60 * 1000],
    ["Cookie preference validity 1 year (31536000000 ms)", C.COOKIE_PREFERENCE_VALIDITY_MS, 31536000000],
    ["Minimum password length 6", C.PASSWORD_MIN_LENGTH, 6],
    ["Reset redirect delay 3 s", C.RESET_REDIRECT_MS, 3000],
    ["photo save redirect 1 s", C.PHOTO_SAVE_REDIRECT_MS, 1000],
    ["Photos: minimum 2", C.PHOTOS_MIN, 2],
    ["maximum 5", C.PHOTOS_MAX, 5],
    ["560x560 px", C.PHOTO_SIZE_PX, 560],
    ["JPEG quality 0.95", C.PHOTO_JPEG_QUALITY, 0.95],
    ["Token refresh retry at most 5 times", C.TOKEN_REFRESH_MAX_ATTEMPTS, 5],
    ["delay 5 s times the attempt number", C.TOKEN_REFRESH_DELAY_MS, 5000],
    ["10 dollars one-time lifetime fee", C.LIFETIME_FEE_USD, 10],
    ["matches about one every six months", C.MATCH_FREQUENCY_MONTHS, 6],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("a day is 86400000 ms and a year is 365 days", () => {
    expect(C.DAY_MS).toBe(86_400_000);
    expect(C.YEAR_MS).toBe(365 * 86_400_000);
  });

  it("'Cookie durations: necessary session or up to 30 days, functional up to 1 year, analytics up to 2 years'", () => {
    expect(C.COOKIE_MAX_AGE_MS).toEqual({ necessary: 30 * C.DAY_MS, functional: C.YEAR_MS, analytics: 2 * C.YEAR_MS });
  });

  it("'Account deletion requires typing 'delete''", () => {
    expect(C.DELETE_CONFIRMATION_WORD).toBe("delete");
  });

  it("'Cropper keyboard nudge steps: 1, 10 (shift), 100 (ctrl or meta)'", () => {
    expect(C.CROP_NUDGE_STEPS).toEqual({ base: 1, shift: 10, ctrlOrMeta: 100 });
  });
});

describe("'Token refresh retry at most 5 times, delay 5 s times the attempt number'", () => {
  it.each([
    [1, 5000],
    [2, 10000],
    [5, 25000],
  ])("attempt %i waits %i ms", (attempt, ms) => {
    expect(C.tokenRefreshDelayMs(attempt)).toBe(ms);
  });

  it.each([0, 6, 1.5, Number.NaN])("attempt %s is not allowed", (attempt) => {
    expect(C.tokenRefreshDelayMs(attempt)).toBeNull();
  });
});

describe("RETENTION (SPEC section 9)", () => {
  const D = C.DAY_MS;
  it.each([
    ["safety window after closure 3 months", C.RETENTION.closedAccountSafetyWindowMs, 90 * D],
    ["inactive accounts closed after 2 years", C.RETENTION.inactiveAccountMs, 730 * D],
    ["traffic logs 1 year", C.RETENTION.trafficLogsMs, 365 * D],
    ["consent records 5 years", C.RETENTION.consentRecordsMs, 5 * 365 * D],
    ["customer care records 5 years", C.RETENTION.customerCareRecordsMs, 5 * 365 * D],
    ["transaction logs 7 years", C.RETENTION.transactionLogsMs, 7 * 365 * D],
    ["deleted accounts 90 days", C.RETENTION.deletedAccountsMs, 90 * D],
    ["AI chat data anonymized after 30 days", C.RETENTION.aiChatAnonymisationMs, 30 * D],
    ["conversation logs 180 days", C.RETENTION.conversationLogsMs, 180 * D],
    ["identity verification data destroyed within 2 years at most", C.RETENTION.identityVerificationMs, 730 * D],
    ["data access requests answered within 30 days", C.RETENTION.accessRequestResponseMs, 30 * D],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
