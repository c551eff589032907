// The profile resource as the browser calls it. Free of zod at run time: the shapes are checked
// by schemas.ts, whose types are imported here as types only.
import type { Profile } from "./schemas.ts";

/** GET the signed-in person's profile; PATCH it with a partial profileUpdateSchema body. */
export const PROFILE_PATH = "/api/profile";

export interface ProfileResponse {
  profile: Profile;
}
