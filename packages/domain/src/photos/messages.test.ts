import { describe, expect, it } from "vitest";
import {
  PHOTOS_MESSAGES,
  photoMovedAnnouncement,
  photoRemovedAnnouncement,
  photoStatus,
  slotsRemaining,
  uploadAtLeastMore,
} from "./messages.ts";

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

describe("Settings' photos: what a screen reader hears", () => {
  it("says where a moved photo is now, and when it became the main photo", () => {
    expect(photoMovedAnnouncement(3, 2, 4)).toBe("Photo 3 moved earlier: it is now photo 2 of 4.");
    expect(photoMovedAnnouncement(1, 2, 4)).toBe("Photo 1 moved later: it is now photo 2 of 4.");
    expect(photoMovedAnnouncement(4, 1, 4)).toBe("Photo 4 is now your main photo.");
    expect(photoRemovedAnnouncement(2, 3)).toBe("Photo 2 removed. You have 3 photos.");
  });

  it("refusing a removal names the minimum of 2", () => {
    expect(PHOTOS_MESSAGES.photoRemoveBelowMinimum).toContain("at least 2 photos");
  });
});
