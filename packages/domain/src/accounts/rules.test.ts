import { describe, expect, it } from "vitest";
import {
  DELETE_CONFIRMATION_WORD,
  isDeleteConfirmed,
  LIFETIME_FEE_USD,
  PASSWORD_MIN_LENGTH,
  RESET_REDIRECT_MS,
  TOKEN_REFRESH_DELAY_MS,
  TOKEN_REFRESH_MAX_ATTEMPTS,
  tokenRefreshDelayMs,
} from "./rules.ts";

describe("business constants: accounts", () => {
  it.each([
    ["Minimum password length 6", PASSWORD_MIN_LENGTH, 6],
    ["Reset redirect delay 3 s", RESET_REDIRECT_MS, 3000],
    ["Token refresh retry at most 5 times", TOKEN_REFRESH_MAX_ATTEMPTS, 5],
    ["delay 5 s times the attempt number", TOKEN_REFRESH_DELAY_MS, 5000],
    ["10 dollars one-time lifetime fee", LIFETIME_FEE_USD, 10],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("'Account deletion requires typing 'delete''", () => {
  it("is the word 'delete'", () => {
    expect(DELETE_CONFIRMATION_WORD).toBe("delete");
  });

  it.each([
    ["delete", true],
    [" delete ", true],
    ["Delete", false],
    ["DELETE", false],
    ["delet", false],
    ["", false],
  ])("%j → %s", (typed, ok) => expect(isDeleteConfirmed(typed)).toBe(ok));
});

describe("'Token refresh retry at most 5 times, delay 5 s times the attempt number'", () => {
  it.each([
    [1, 5000],
    [2, 10000],
    [5, 25000],
  ])("attempt %i waits %i ms", (attempt, ms) => {
    expect(tokenRefreshDelayMs(attempt)).toBe(ms);
  });

  it.each([0, 6, 1.5, Number.NaN])("attempt %s is not allowed", (attempt) => {
    expect(tokenRefreshDelayMs(attempt)).toBeNull();
  });
});
