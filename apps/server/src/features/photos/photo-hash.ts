import { PHOTO_HASH_BAND_RADII, PHOTO_HASH_BANDS } from "@sams-web/domain/safety/rules";
import sharp from "sharp";

/**
 * The difference hash of a photo: greyscale, shrunk to 9×8, one bit per pair of horizontal
 * neighbours (is the left one brighter?). Re-encoding, resizing and small crops barely move it;
 * different pictures land about 32 bits apart. As a signed 64-bit integer, PostgreSQL's bigint.
 * With `mirrored`, the hash of the photo's mirror image: a flipped copy lands near that one.
 */
export async function differenceHash(image: Buffer, options: { mirrored?: boolean } = {}): Promise<bigint> {
  const pixels = await sharp(image)
    .flop(options.mirrored ?? false)
    .greyscale()
    .resize(9, 8, { fit: "fill" })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = pixels[row * 9 + column] ?? 0;
      const right = pixels[row * 9 + column + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** The hash's 16-bit bands, most significant first (see PHOTO_HASH_BANDS). */
export function hashBands(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return Array.from({ length: PHOTO_HASH_BANDS }, (_, band) =>
    Number((unsigned >> BigInt(16 * (PHOTO_HASH_BANDS - 1 - band))) & 0xffffn),
  );
}

/**
 * A band's value and every value within `radius` bits of it: the values a near duplicate's band
 * may take (1 + 16 + 120 for a radius of 2).
 */
export function bandProbes(band: number, radius: number): number[] {
  let probes = [band];
  for (let step = 0; step < radius; step += 1) {
    const next = new Set(probes);
    for (const value of probes) for (let bit = 0; bit < 16; bit += 1) next.add(value ^ (1 << bit));
    probes = [...next];
  }
  return probes;
}

/** Each band's probes, with the band's radius from PHOTO_HASH_BAND_RADII. */
export function hashProbes(hash: bigint): number[][] {
  return hashBands(hash).map((band, index) => bandProbes(band, PHOTO_HASH_BAND_RADII[index] ?? 0));
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let difference = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (difference > 0n) {
    bits += Number(difference & 1n);
    difference >>= 1n;
  }
  return bits;
}
