// The photos resource as the browser calls it. Free of zod.

/** GET lists the signed-in person's photos; PUT (multipart, fields photo0..photo4) replaces the set. */
export const PHOTOS_PATH = "/api/photos";

export interface PhotosResponse {
  /** Addresses of the saved photos, in order (photo0 first); served only to allowed viewers. */
  photos: string[];
}

/** The multipart field name of photo `index` in an upload. */
export function photoFieldName(index: number): string {
  return `photo${index}`;
}
