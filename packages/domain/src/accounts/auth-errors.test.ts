import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { authErrorMessage, googleSignInErrorMessage } from "./auth-errors.ts";

describe("auth error codes map to the login and sign-up messages", () => {
  it("'Email already in use.' for an existing account", () => {
    expect(authErrorMessage({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" })).toBe("Email already in use.");
    expect(authErrorMessage({ code: "USER_ALREADY_EXISTS" })).toBe("Email already in use.");
  });
  it("'Invalid email or password.' when the user is not found or the password is wrong", () => {
    expect(authErrorMessage({ code: "INVALID_EMAIL_OR_PASSWORD" })).toBe("Invalid email or password.");
    expect(authErrorMessage({ code: "USER_NOT_FOUND" })).toBe("Invalid email or password.");
  });
  it("'Invalid email address.' for a malformed email", () => {
    expect(authErrorMessage({ code: "INVALID_EMAIL" })).toBe("Invalid email address.");
    expect(authErrorMessage({ code: "VALIDATION_ERROR", message: "[body.email] Invalid email address" })).toBe(
      "Invalid email address.",
    );
    expect(authErrorMessage({ code: "VALIDATION_ERROR", message: "[body.name] Expected string" })).toBe(
      "Authentication failed. Please try again.",
    );
  });
  it("shows the server's password requirement ('password-does-not-meet-requirements' re-evaluation)", () => {
    expect(authErrorMessage({ code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS" })).toBe(MESSAGES.passwordPolicy);
    expect(authErrorMessage({ code: "PASSWORD_TOO_SHORT" })).toBe(MESSAGES.passwordPolicy);
  });
  it("'Authentication failed. Please try again.' by default", () => {
    expect(authErrorMessage({ code: "SOMETHING_ELSE" })).toBe("Authentication failed. Please try again.");
    expect(authErrorMessage(null)).toBe("Authentication failed. Please try again.");
    expect(authErrorMessage({ code: "toString" })).toBe("Authentication failed. Please try again.");
  });
  it("a suspended account is told so, not that a security check failed (both answer 403)", () => {
    expect(authErrorMessage({ code: "ACCOUNT_SUSPENDED", status: "PERMISSION_DENIED" })).toBe(
      MESSAGES.accountSuspended,
    );
  });
  it("a Google sign-in that failed says why when the code is known", () => {
    expect(googleSignInErrorMessage("ACCOUNT_SUSPENDED")).toBe(MESSAGES.accountSuspended);
    expect(googleSignInErrorMessage("access_denied")).toBe(MESSAGES.googleAuthFailed);
    expect(googleSignInErrorMessage(null)).toBe(MESSAGES.googleAuthFailed);
  });
  it("too many attempts has its own message", () => {
    expect(authErrorMessage({ status: "RESOURCE_EXHAUSTED" })).toBe(MESSAGES.tooManyAttempts);
  });
});
