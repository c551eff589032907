import { describe, expect, it } from "vitest";
import {
  CROP_NUDGE_STEPS,
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
