import { describe, expect, it } from "vitest";
import { matchSchema } from "./schemas.ts";

describe("matchSchema (status, score, photos, followup_questions)", () => {
  it("parses a match and rejects an unknown status", () => {
    const m = {
      id: "u2",
      status: "photoValidation",
      score: 72,
      photos: ["/api/photos/u2/0"],
      followup_questions: [],
      firstName: "Ada",
      age: 34,
      distanceBandMiles: 25,
      reason: "Your strongest common ground is your values.",
      about: "Loves sailing and books.",
      sharedInterests: ["books"],
    };
    expect(matchSchema.parse(m)).toEqual(m);
    expect(matchSchema.safeParse({ ...m, status: "declined" }).success).toBe(false);
  });
});
