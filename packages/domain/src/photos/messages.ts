// The photos' user-facing texts, to the letter (see shared/messages.ts), and the upload page's
// status line.
import { PHOTOS_MAX, PHOTOS_MIN } from "./rules.ts";

export const PHOTOS_MESSAGES = {
  photosLoadFailed: "Could not load existing photos.",
  photosSaveFailed: "Failed to save photos. Please try again.",
  photosSaved: "Photos saved successfully!",
  // ours
  photoNotFound: "Photo not found.",
  notAnImage: "Please upload an image file",
  imageTooSmall: "Images must be at least 560x560 pixels",
  tooFewPhotos: "Please upload at least 2 photos",
  maxPhotosUploaded: "Maximum photos uploaded",
  // ours: the server's answers to an upload it refuses
  tooManyPhotos: "Please upload at most 5 photos",
  photoNotJpeg: "Photos must be JPEG images.",
  photoWrongSize: "Each photo must be exactly 560x560 pixels.",
  photoUnreadable: "This photo could not be read. Please choose another.",
  photoTooLarge: "This photo file is too large.",
} as const;

// The upload status line. "photo(s)" is literal: the text does not pluralise.

/** 'Upload at least N more photo(s)' */
export function uploadAtLeastMore(n: number): string {
  return `Upload at least ${n} more photo(s)`;
}

/** 'N slots remaining' */
export function slotsRemaining(n: number): string {
  return `${n} slots remaining`;
}

/**
 * The photo upload status line for `count` photos in the list: below the minimum it asks for
 * the missing ones, at the maximum it says so, in between it counts the free slots.
 */
export function photoStatus(count: number): string {
  if (count < PHOTOS_MIN) return uploadAtLeastMore(PHOTOS_MIN - count);
  if (count >= PHOTOS_MAX) return PHOTOS_MESSAGES.maxPhotosUploaded;
  return slotsRemaining(PHOTOS_MAX - count);
}
