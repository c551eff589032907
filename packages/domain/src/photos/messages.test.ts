import { describe, expect, it } from "vitest";
import { photoStatus, slotsRemaining, uploadAtLeastMore } from "./messages.ts";

describe("photo upload status text ('Upload at least N more photo(s)', 'Maximum photos uploaded' or 'N slots remaining')", () => {
  it("'Upload at least N more photo(s)' keeps the literal photo(s)", () => {
    expect(uploadAtLeastMore(2)).toBe("Upload at least 2 more photo(s)");
    expect(uploadAtLeastMore(1)).toBe("Upload at least 1 more photo(s)");
  });

  it("'N slots remaining'", () => {
    expect(slotsRemaining(3)).toBe("3 slots remaining");
  });

  it.each([
    [0, "Upload at least 2 more photo(s)"],
    [1, "Upload at least 1 more photo(s)"],
    [2, "3 slots remaining"],
    [4, "1 slots remaining"],
    [5, "Maximum photos uploaded"],
    [6, "Maximum photos uploaded"],
  ])("photoStatus(%i) → %s ('at least 2 photos', 'maximum 5')", (count, text) => {
    expect(photoStatus(count)).toBe(text);
  });
});
