// The photos' business constants. Free of zod.
import { SECOND_MS } from "../shared/time.ts";

/** After saving photos, return to /settings after 1 second. */
export const PHOTO_SAVE_REDIRECT_MS = 1 * SECOND_MS;
export const PHOTOS_MIN = 2;
export const PHOTOS_MAX = 5;
/** Photos are square JPEGs of exactly this many pixels per side; uploads must be at least this big. */
export const PHOTO_SIZE_PX = 560;
export const PHOTO_JPEG_QUALITY = 0.95;
/** Cropper keyboard nudge steps: plain arrow, with shift, with ctrl or meta. */
export const CROP_NUDGE_STEPS = { base: 1, shift: 10, ctrlOrMeta: 100 } as const;
