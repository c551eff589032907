// The photos resource as the browser calls it. Free of zod.

/**
 * GET lists the signed-in person's photos; PUT (multipart, fields photo0..photo4) replaces the set.
 * Each photo's own address (PhotosResponse) serves it (GET) and, to its owner, removes it (DELETE,
 * answered with the photos left).
 */
export const PHOTOS_PATH = "/api/photos";

/** PUT PhotoOrderRequest: the person's photos in a new order (the first is the main photo). */
export const PHOTO_ORDER_PATH = "/api/photos/order";

export interface PhotoOrderRequest {
  /** Every one of the person's photo addresses, each once, in the order wanted. */
  photos: string[];
}

export interface PhotosResponse {
  /** Addresses of the saved photos, in order (photo0 first); served only to allowed viewers. */
  photos: string[];
}

/** The multipart field name of photo `index` in an upload. */
export function photoFieldName(index: number): string {
  return `photo${index}`;
}
