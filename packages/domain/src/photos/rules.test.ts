import { describe, expect, it } from "vitest";
import {
  CROP_NUDGE_STEPS,
  canRemovePhoto,
  isSameSetOfPhotos,
  movePhoto,
  PHOTO_JPEG_QUALITY,
  PHOTO_SAVE_REDIRECT_MS,
  PHOTO_SIZE_PX,
  PHOTOS_MAX,
  PHOTOS_MIN,
} from "./rules.ts";

describe("business constants: photos", () => {
  it.each([
    ["photo save redirect 1 s", PHOTO_SAVE_REDIRECT_MS, 1000],
    ["Photos: minimum 2", PHOTOS_MIN, 2],
    ["maximum 5", PHOTOS_MAX, 5],
    ["560x560 px", PHOTO_SIZE_PX, 560],
    ["JPEG quality 0.95", PHOTO_JPEG_QUALITY, 0.95],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("'Cropper keyboard nudge steps: 1, 10 (shift), 100 (ctrl or meta)'", () => {
  it("are 1, 10 and 100", () => {
    expect(CROP_NUDGE_STEPS).toEqual({ base: 1, shift: 10, ctrlOrMeta: 100 });
  });
});

describe("Settings' photos: remove, reorder, main photo", () => {
  it("a photo may be removed only while more than the minimum of 2 are saved", () => {
    expect([1, 2, 3, 5].map(canRemovePhoto)).toEqual([false, false, true, true]);
  });

  it("a new order must hold exactly the saved photos, each once", () => {
    const saved = ["a", "b", "c"];
    expect(isSameSetOfPhotos(["c", "a", "b"], saved)).toBe(true);
    expect(isSameSetOfPhotos(["a", "b", "c"], saved)).toBe(true);
    expect(isSameSetOfPhotos(["a", "b"], saved)).toBe(false);
    expect(isSameSetOfPhotos(["a", "b", "b"], saved)).toBe(false);
    expect(isSameSetOfPhotos(["a", "b", "c", "c"], saved)).toBe(false);
    expect(isSameSetOfPhotos(["a", "b", "someone-else"], saved)).toBe(false);
  });

  it("moves one photo and keeps the others in their order", () => {
    expect(movePhoto(["a", "b", "c", "d"], 2, 0)).toEqual(["c", "a", "b", "d"]);
    expect(movePhoto(["a", "b", "c", "d"], 1, 2)).toEqual(["a", "c", "b", "d"]);
    expect(movePhoto(["a", "b", "c"], 0, 9)).toEqual(["b", "c", "a"]);
    expect(movePhoto(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });
});
