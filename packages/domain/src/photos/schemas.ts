import * as z from "zod";
import { PHOTOS_MESSAGES } from "./messages.ts";
import { PHOTOS_MAX } from "./rules.ts";

/** Longer than any photo address the server hands out (/api/photos/{uid}/{version}/photo{i}.jpg). */
const PHOTO_ADDRESS_MAX_CHARS = 200;

/**
 * A new order of the person's photos. Only its shape is checked here; whether it is exactly the
 * person's saved photos (isSameSetOfPhotos) is decided against the saved set, under its lock.
 */
export const photoOrderInputSchema = z.strictObject(
  {
    photos: z
      .array(
        z.string({ error: PHOTOS_MESSAGES.photoOrderInvalid }).max(PHOTO_ADDRESS_MAX_CHARS, {
          error: PHOTOS_MESSAGES.photoOrderInvalid,
        }),
        { error: PHOTOS_MESSAGES.photoOrderInvalid },
      )
      .min(1, { error: PHOTOS_MESSAGES.photoOrderInvalid })
      .max(PHOTOS_MAX, { error: PHOTOS_MESSAGES.photoOrderInvalid }),
  },
  { error: PHOTOS_MESSAGES.photoOrderInvalid },
);
