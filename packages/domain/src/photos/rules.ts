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

/**
 * Whether one more photo may be removed from a saved set of `count`: never below PHOTOS_MIN, the
 * number a person needs to be searched for (picturesUploaded).
 */
export function canRemovePhoto(count: number): boolean {
  return count > PHOTOS_MIN;
}

/** Whether `order` holds exactly the photos of `saved`, each once (in any order). */
export function isSameSetOfPhotos(order: readonly string[], saved: readonly string[]): boolean {
  if (order.length !== saved.length) return false;
  const unseen = new Set(saved);
  for (const photo of order) if (!unseen.delete(photo)) return false;
  return unseen.size === 0;
}

/** `photos` with the one at index `from` moved to index `to` (the others keep their order). */
export function movePhoto<T>(photos: readonly T[], from: number, to: number): T[] {
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}
