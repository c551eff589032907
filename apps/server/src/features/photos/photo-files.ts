import { PHOTO_SIZE_PX } from "@sams-web/domain/photos/rules";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../platform/http/errors.ts";

/** The quality our re-encode writes: high enough that a q0.95 upload loses nothing visible. */
export const STORED_JPEG_QUALITY = 90;

function isJpegMagic(data: Buffer): boolean {
  return data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}

/**
 * Checks that `data` is a 560×560 JPEG and returns a fresh encoding of its pixels alone: no
 * EXIF, GPS, XMP, IPTC, ICC profile (converted to sRGB) or thumbnail survives. The size is read
 * from the header before anything is decoded, and decoding is capped at 560×560 pixels, so a
 * pixel bomb costs a header read. Every refusal is a 4xx with a message for the person.
 */
export async function sanitizePhoto(data: Buffer): Promise<Buffer> {
  if (!isJpegMagic(data)) throw new AppError("INVALID_ARGUMENT", "photoNotJpeg");
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("INVALID_ARGUMENT", "photoUnreadable");
  }
  if (metadata.format !== "jpeg") throw new AppError("INVALID_ARGUMENT", "photoNotJpeg");
  if (metadata.width !== PHOTO_SIZE_PX || metadata.height !== PHOTO_SIZE_PX) {
    throw new AppError("INVALID_ARGUMENT", "photoWrongSize");
  }
  try {
    // rotate() applies an EXIF orientation to the pixels before the EXIF itself is dropped.
    return await sharp(data, {
      limitInputPixels: PHOTO_SIZE_PX * PHOTO_SIZE_PX,
      failOn: "warning",
      sequentialRead: true,
    })
      .rotate()
      .toColourspace("srgb")
      .jpeg({ quality: STORED_JPEG_QUALITY, chromaSubsampling: "4:2:0" })
      .toBuffer();
  } catch {
    throw new AppError("INVALID_ARGUMENT", "photoUnreadable");
  }
}
