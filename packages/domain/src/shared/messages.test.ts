import { describe, expect, it } from "vitest";
import { ACCOUNTS_MESSAGES } from "../accounts/messages.ts";
import { API_MESSAGES } from "../api/messages.ts";
import { CHAT_MESSAGES } from "../chat/messages.ts";
import { CONSENT_MESSAGES } from "../consent/messages.ts";
import { INSIGHTS_MESSAGES } from "../insights/messages.ts";
import { MATCHING_MESSAGES } from "../matching/messages.ts";
import { NON_NEGOTIABLES_MESSAGES } from "../non-negotiables/messages.ts";
import { NOTIFICATIONS_MESSAGES } from "../notifications/messages.ts";
import { PHOTOS_MESSAGES } from "../photos/messages.ts";
import { PRIVACY_MESSAGES } from "../privacy/messages.ts";
import { PROFILE_MESSAGES } from "../profile/messages.ts";
import { SAFETY_MESSAGES } from "../safety/messages.ts";
import { FIRST_PAGE_MESSAGES } from "../shell/messages.ts";
import { STORY_MESSAGES } from "../story/messages.ts";
import { isMessageCode, MESSAGES } from "./messages.ts";

// Every message whose wording is prescribed, to the letter. If one of these fails, the table drifted.
const PRESCRIBED_MESSAGES = [
  // login and sign-up
  "Authentication failed. Please try again.",
  "Email already in use.",
  "Password must be at least 6 characters.",
  "Invalid email address.",
  "Invalid email or password.",
  "Google authentication failed. Please try again.",
  "Passwords do not match",
  // settings
  "Failed to save settings.",
  "Failed to update status. Please try again.",
  "Status updated to still looking",
  "Could not resend verification email.",
  "Verification email sent. Check your inbox.",
  "Logout failed. Please try again.",
  "Failed to delete account. Please try again.",
  "This is a sensitive operation. Please re-enter your password to delete your account.",
  "Failed to re-authenticate with Google. Please try again.",
  "Failed to reauthenticate. Please check your password and try again.",
  "No authenticated user.",
  "Name updated successfully!",
  "Error loading search data.",
  // search
  "ZIP code not found. Please enter a valid US ZIP code.",
  "Profile not found. Please try again.",
  "You must be signed in to search for matches.",
  "Failed to search for matches. Please try again.",
  // chat
  "Oops, I got tangled in my web! Let's try that again. What's on your mind?",
  "Sorry, something went wrong. Could you try again?",
  "Security check failed. Please refresh and try again.",
  // reset and verification
  "Invalid or expired password reset link.",
  "Failed to reset password. The link may have expired.",
  "If an account exists for this email, a password reset link has been sent.",
  "Your password has been reset successfully! You can now log in.",
  "Email Verified!",
  "Verification Failed",
  "There was a problem verifying your email. The link may have expired or already been used.",
  // matches
  "Your profile is not active. Please update your status to see matches.",
  "You have recently accepted a match. Please give that user a chance to respond and/or get to know them. New matches may be available again in 30 days.",
  "Error loading matches. Please try again.",
  "No eligible matches available at this time. Check back later!",
  "Failed to confirm match. Please try again.",
  // photos
  "Could not load existing photos.",
  "Failed to save photos. Please try again.",
  "Photos saved successfully!",
  "Please upload an image file",
  "Images must be at least 560x560 pixels",
  "Please upload at least 2 photos",
  "Maximum photos uploaded",
  // search flow
  "Generating your narrative...",
  "Searching for matches...",
  "Potential matches found, checking compatibility!",
  "Potential matches found! Visit Sam to view user photos.",
  "Sorry no potential matches found, would you like to expand your geographic or age range and try again?",
  // search gating and other validation
  "Please verify your email to begin search.",
  "Please complete onboarding to begin search.",
  "Please upload enough pictures to begin search.",
  "Please enter your ZIP code to begin search.",
  "Please enter your birthday to begin search.",
  'Set your status to "Still Looking" to begin search.',
  "A search is in progress.",
  "Passwords do not match.",
  "Password must be at least 6 characters long.",
  "Please enter a valid birthday to set age preferences",
  // settings and app shell
  "Settings saved!",
  "Working offline - Some features may be limited",
  "Creating your profile and saving your conversation...",
];

describe("MESSAGES", () => {
  const values: string[] = Object.values(MESSAGES);

  it.each(PRESCRIBED_MESSAGES)("quotes the prescribed wording to the letter: %s", (quote) => {
    expect(values).toContain(quote);
  });

  it("keeps both spellings: 'Passwords do not match' (sign-up) and 'Passwords do not match.' (reset)", () => {
    expect(MESSAGES.passwordsDoNotMatch).toBe("Passwords do not match");
    expect(MESSAGES.resetPasswordsDoNotMatch).toBe("Passwords do not match.");
    expect(MESSAGES.passwordTooShort).toBe("Password must be at least 6 characters.");
    expect(MESSAGES.resetPasswordTooShort).toBe("Password must be at least 6 characters long.");
  });

  it("'Status updated to still looking' / 'unavailable' spells out both notices", () => {
    expect(MESSAGES.statusUpdatedActive).toBe("Status updated to still looking");
    expect(MESSAGES.statusUpdatedUnavailable).toBe("Status updated to unavailable");
  });

  it("'Guests are reminded that history is not saved unless logged in'", () => {
    expect(MESSAGES.guestHistoryReminder).toMatch(/save/);
    expect(MESSAGES.guestHistoryReminder).toMatch(/logged in/);
  });

  it("has no two codes for the same text (one code per message)", () => {
    expect(new Set(values).size).toBe(values.length);
  });

  it("has no empty or untrimmed message", () => {
    for (const v of values) expect(v).toBe(v.trim());
    for (const v of values) expect(v.length).toBeGreaterThan(0);
  });

  it("isMessageCode accepts codes and rejects texts and inherited keys", () => {
    expect(isMessageCode("searchInProgress")).toBe(true);
    expect(isMessageCode("A search is in progress.")).toBe(false);
    expect(isMessageCode("toString")).toBe(false);
    expect(isMessageCode(42)).toBe(false);
  });
});

describe("the feature tables", () => {
  const tables = [
    FIRST_PAGE_MESSAGES,
    ACCOUNTS_MESSAGES,
    PROFILE_MESSAGES,
    MATCHING_MESSAGES,
    CHAT_MESSAGES,
    PHOTOS_MESSAGES,
    CONSENT_MESSAGES,
    PRIVACY_MESSAGES,
    SAFETY_MESSAGES,
    INSIGHTS_MESSAGES,
    NON_NEGOTIABLES_MESSAGES,
    NOTIFICATIONS_MESSAGES,
    STORY_MESSAGES,
    API_MESSAGES,
  ];

  it("define each code once, so merging them cannot silently replace a message", () => {
    const codes = tables.flatMap((table) => Object.keys(table));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("make up MESSAGES exactly", () => {
    expect(Object.assign({}, ...tables)).toEqual(MESSAGES);
  });
});
