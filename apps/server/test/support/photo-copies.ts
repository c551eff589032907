// Copies of a photo as someone makes them to pass another person's picture off as their own,
// each back at the size the app takes; and real photographs to make them from, out of Debian's
// mate-backgrounds package (no image is kept in the repository).
import { readFile } from "node:fs/promises";
import { PHOTO_SIZE_PX } from "@sams-web/domain/photos/rules";
import sharp, { type Sharp } from "sharp";

/** A photograph of mate-backgrounds' nature set (e.g. "Aqua", "Storm"), as the app takes it. */
export async function realPhotograph(name: string): Promise<Buffer> {
  const file = `/usr/share/backgrounds/mate/nature/${name}.jpg`;
  const original = await readFile(file).catch(() => {
    throw new Error(`${file} is missing: apt-get install -y mate-backgrounds`);
  });
  return asUpload(original);
}

/** Any picture as the app takes it: its centre square, 560×560, a JPEG. */
export async function asUpload(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: "cover", position: "centre" })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const size = PHOTO_SIZE_PX;
const jpeg = (image: Sharp) => image.jpeg({ quality: 90 }).toBuffer();
/** Pixels first, then a fresh pipeline: sharp applies one pipeline's steps in its own order. */
const settle = async (image: Sharp) => sharp(await image.png().toBuffer());

/**
 * The copies someone makes of another person's photo to pass it off as their own, each back at
 * the size the app takes. Crops keep 90 % of each side (a 10 % crop), anchored in the centre or
 * in a corner; the rotation fills the corners it uncovers with black and keeps the centre; the
 * shift moves the picture 20 px right and down over black; the border frames a shrunk copy with
 * 30 px of white.
 */
export const COPIES: Record<string, (photo: Buffer) => Promise<Buffer>> = {
  "crop 10 % (centre)": async (photo) => {
    const keep = Math.round(size * 0.9);
    const offset = Math.round((size - keep) / 2);
    return jpeg(
      (await settle(sharp(photo).extract({ left: offset, top: offset, width: keep, height: keep }))).resize(size, size),
    );
  },
  "crop 10 % (corner)": async (photo) => {
    const keep = Math.round(size * 0.9);
    return jpeg(
      (await settle(sharp(photo).extract({ left: 0, top: 0, width: keep, height: keep }))).resize(size, size),
    );
  },
  "rotation 3°": (photo) => turnedCopy(photo, 3),
  "shift 20 px": (photo) => shiftedCopy(photo, 20, 20),
  "border 30 px": async (photo) =>
    jpeg(
      (await settle(sharp(photo).resize(size - 60, size - 60))).extend({
        top: 30,
        bottom: 30,
        left: 30,
        right: 30,
        background: "#ffffff",
      }),
    ),
  "recompression (JPEG quality 40)": (photo) => sharp(photo).jpeg({ quality: 40 }).toBuffer(),
  "resize (to 280 px and back)": async (photo) =>
    jpeg((await settle(sharp(photo).resize(size / 2, size / 2))).resize(size, size)),
  mirror: (photo) => jpeg(sharp(photo).flop()),
};

/**
 * A copy whose picture is moved `right` and `down` pixels (left and up when negative), at the size
 * the app takes: over black, or with the strip it uncovers filled by repeating the picture's edge
 * or by mirroring the picture across it, as editors fill it.
 */
export async function shiftedCopy(
  photo: Buffer,
  right: number,
  down: number,
  fill: "black" | "repeated" | "mirrored" = "black",
): Promise<Buffer> {
  const moved = sharp(photo).extend({
    left: Math.max(right, 0),
    right: Math.max(-right, 0),
    top: Math.max(down, 0),
    bottom: Math.max(-down, 0),
    background: "#000000",
    extendWith: fill === "repeated" ? "copy" : fill === "mirrored" ? "mirror" : "background",
  });
  return jpeg(
    (await settle(moved)).extract({
      left: Math.max(-right, 0),
      top: Math.max(-down, 0),
      width: size,
      height: size,
    }),
  );
}

/**
 * A copy turned `degrees` (clockwise when positive) about its centre, the corners it uncovers
 * black, at the size the app takes; then, when `kept` is under 1, cropped to that share of each
 * side from its top-left corner and enlarged back to that size.
 */
export async function turnedCopy(photo: Buffer, degrees: number, kept = 1): Promise<Buffer> {
  const rotated = await settle(sharp(photo).rotate(degrees, { background: "#000000" }));
  const { width = size, height = size } = await rotated.metadata();
  const turned = rotated.extract({
    left: Math.floor((width - size) / 2),
    top: Math.floor((height - size) / 2),
    width: size,
    height: size,
  });
  if (kept === 1) return jpeg(turned);
  const side = Math.round(size * kept);
  return jpeg(
    (await settle((await settle(turned)).extract({ left: 0, top: 0, width: side, height: side }))).resize(size, size),
  );
}
