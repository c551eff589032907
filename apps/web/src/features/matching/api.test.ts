import { MESSAGES } from "@sams-web/domain/shared/messages";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { searchErrorMessage } from "./api.ts";

const REWORDED = "Entirely different words, as a later copy edit might write them.";

describe("searchErrorMessage decides by status and code, never by the message's words", () => {
  it("names the search errors and the Begin Search gate from their codes", () => {
    const cases: [ApiError, string][] = [
      [new ApiError("INVALID_ARGUMENT", MESSAGES.zipNotFound, 400, "zipNotFound"), MESSAGES.zipNotFound],
      [
        new ApiError("FAILED_PRECONDITION", MESSAGES.searchInProgress, 400, "searchInProgress"),
        MESSAGES.searchInProgress,
      ],
      [
        new ApiError("FAILED_PRECONDITION", MESSAGES.verifyEmailToSearch, 400, "verifyEmailToSearch"),
        MESSAGES.verifyEmailToSearch,
      ],
      [
        new ApiError("RESOURCE_EXHAUSTED", MESSAGES.searchDailyLimit, 429, "searchDailyLimit"),
        MESSAGES.searchDailyLimit,
      ],
      [new ApiError("NOT_FOUND", MESSAGES.profileNotFound, 404, "profileNotFound"), MESSAGES.profileNotFound],
      [
        new ApiError("UNAUTHENTICATED", MESSAGES.noAuthenticatedUser, 401, "noAuthenticatedUser"),
        MESSAGES.searchUnauthenticated,
      ],
    ];
    for (const [error, shown] of cases) {
      expect(searchErrorMessage(error)).toBe(shown);
      // The same answer with its message reworded shows exactly the same.
      const reworded = new ApiError(error.status, REWORDED, error.httpStatus, error.code);
      expect(searchErrorMessage(reworded)).toBe(shown);
    }
  });

  it("does not take an error for another because its words look alike", () => {
    // Once /zip/i on the message: a text that mentions a ZIP code but carries another code is a failure to retry.
    const lookalike = new ApiError("INVALID_ARGUMENT", "Something about your ZIP code.", 400, "invalidRequest");
    expect(searchErrorMessage(lookalike)).toBe(MESSAGES.searchFailed);
    const gateText = new ApiError("FAILED_PRECONDITION", MESSAGES.searchInProgress, 400, "matchTransitionRefused");
    expect(searchErrorMessage(gateText)).toBe(MESSAGES.searchFailed);
    expect(searchErrorMessage(new Error(MESSAGES.zipNotFound))).toBe(MESSAGES.searchFailed);
  });
});
