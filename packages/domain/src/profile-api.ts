// The profile and photo resources (SPEC.md section 7: users/{uid}/profile and file storage)
// as the browser calls them. Free of zod: the shapes are checked by profile-rules.ts.
import type { Profile } from "./profile-rules.ts";

/** GET the signed-in person's profile; PATCH it with a partial profileUpdateSchema body. */
export const PROFILE_PATH = "/api/profile";

/** GET lists the signed-in person's photos; PUT (multipart, fields photo0..photo4) replaces the set. */
export const PHOTOS_PATH = "/api/photos";

export interface ProfileResponse {
  profile: Profile;
}

export interface PhotosResponse {
  /** Addresses of the saved photos, in order (photo0 first); served only to allowed viewers. */
  photos: string[];
}

/** The multipart field name of photo `index` in an upload. */
export function photoFieldName(index: number): string {
  return `photo${index}`;
}
