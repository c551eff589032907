import { describe, expect, it } from "vitest";
import { cookiePreferencesSchema } from "./schemas.ts";

describe("cookiePreferencesSchema", () => {
  it("requires all four fields", () => {
    expect(
      cookiePreferencesSchema.safeParse({ bannerDismissed: true, analytics: true, adTracking: true }).success,
    ).toBe(false);
  });
});
