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
  // ours: Settings' photos section, and the server's answers to a reorder or removal it refuses
  photosSectionIntro: "Your first photo is your main photo: it is the one people see first when Sam shows you to them.",
  photosDragHint: "Hold and drag a photo by its picture to move it, or use its buttons.",
  photosNone: "You have no photos yet. Sam shows your photos to the people you might meet.",
  photosLoadingList: "Loading your photos…",
  photoRemoveConfirm: "Remove this photo? It cannot be brought back, but you can upload it again.",
  photoRemoveBelowMinimum: `You need at least ${PHOTOS_MIN} photos. Add another before you remove one.`,
  photoOrderStale: "Your photos changed in the meantime. Here they are as they are now: please try again.",
  photoOrderInvalid: "Send each of your photos once, in the order you want them.",
  photoOrderSaveFailed: "Could not save the new order of your photos. Please try again.",
  photoRemoveFailed: "Could not remove the photo. Please try again.",
} as const;

/** The name a photo goes by on screen, for buttons and announcements: "Photo 2 of 4". */
export function photoName(position: number, count: number): string {
  return `Photo ${position} of ${count}`;
}

/** What a screen reader hears after a photo moved from `from` to `to` (both 1-based). */
export function photoMovedAnnouncement(from: number, to: number, count: number): string {
  if (to === 1) return `Photo ${from} is now your main photo.`;
  return `Photo ${from} moved ${to < from ? "earlier" : "later"}: it is now photo ${to} of ${count}.`;
}

/** What a screen reader hears after a photo was removed; `count` is how many are left. */
export function photoRemovedAnnouncement(position: number, count: number): string {
  return `Photo ${position} removed. You have ${count} photos.`;
}

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
