import { PHOTO_JPEG_QUALITY, PHOTO_SIZE_PX } from "@sams-web/domain/photos/rules";
import type { Area } from "react-easy-crop";

export interface LoadedImage {
  /** An object URL; revoke it when done. */
  url: string;
  width: number;
  height: number;
}

/** Decodes a picked file; rejects when the browser cannot read it as an image. */
export function loadImage(file: Blob): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("not an image"));
    };
    image.src = url;
  });
}

/** Draws the cropped square at 560×560 and encodes it as JPEG at quality 0.95. */
export async function cropToJpeg(source: LoadedImage, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source.url;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = PHOTO_SIZE_PX;
  canvas.height = PHOTO_SIZE_PX;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, PHOTO_SIZE_PX, PHOTO_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))),
      "image/jpeg",
      PHOTO_JPEG_QUALITY,
    ),
  );
}
