import { DUPLICATE_PHOTO_MAX_DISTANCE, PHOTO_HASH_BANDS } from "@sams-web/domain/safety/rules";
import sharp from "sharp";

/** The picture is shrunk to SAMPLE × SAMPLE before its DCT; the hash keeps 8 × 8 low frequencies. */
const SAMPLE = 32;
const KEPT = 8;
/** COSINES[k][n]: cos((2n + 1) k π / 2N), the DCT-II basis (frequency k, sample n). */
/** A greyscale picture's pixels, one byte each. */
interface Grey {
  data: Buffer;
  width: number;
  height: number;
}
interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** A region's hash, and how far each of its 64 frequencies lies from their mean (most significant bit first). */
interface Hashed {
  hash: bigint;
  margins: number[];
}

/**
 * A hash an upload is looked up by, and the bits of it that may each also come out the other way:
 * the lookup also reads each band with one of its uncertain bits flipped (findsNearDuplicate).
 * Bits are numbered from the least significant (0) to the most (63).
 */
export interface Probe {
  hash: bigint;
  uncertainBits: number[];
}

/** How many bits each of the hash's PHOTO_HASH_BANDS bands holds. */
const BAND_BITS = 64 / PHOTO_HASH_BANDS;
/** A band's bits, once shifted down to the least significant. */
export const BAND_MASK = 2 ** BAND_BITS - 1;

/** How many bits above the least significant band `band` starts (band 0 is the most significant). */
export function bandShift(band: number): number {
  return BAND_BITS * (PHOTO_HASH_BANDS - 1 - band);
}

const COSINES = Array.from({ length: KEPT + 1 }, (_, k) =>
  Array.from({ length: SAMPLE }, (_, n) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * SAMPLE))),
);

/**
 * The perceptual hash of a region of `image` (a greyscale picture): shrunk to 32×32, its 2-D DCT's
 * 8×8 lowest frequencies past the average (the constant term left out), each above or below
 * their mean, as a signed 64-bit integer (PostgreSQL's bigint): the same bits as the sharp-phash package gives,
 * computed for only the frequencies kept (separably: rows, then columns) instead of all 1,024.
 * Re-encoding, resizing and small crops barely move it; different pictures land about 32 bits
 * apart. `mirrored` hashes the region's mirror image. Also how far each frequency lies from the
 * mean (`margins`, most significant bit first): a bit whose frequency lies near it is the likeliest
 * to come out the other way in a copy.
 */
async function regionHash(image: Grey, region: Region, mirrored = false): Promise<Hashed> {
  const pixels = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .extract(region)
    .flop(mirrored)
    .greyscale() // one byte a pixel out, as in
    .resize(SAMPLE, SAMPLE, { fit: "fill" })
    .raw()
    .toBuffer();
  // Along each row (x), then down each column (y), for the frequencies 1..KEPT.
  const rows = Array.from({ length: SAMPLE }, (_, y) =>
    Array.from({ length: KEPT }, (_, u) =>
      (COSINES[u + 1] as number[]).reduce((sum, c, x) => sum + c * (pixels[y * SAMPLE + x] ?? 0), 0),
    ),
  );
  const coefficients: number[] = [];
  for (let u = 0; u < KEPT; u += 1) {
    for (let v = 0; v < KEPT; v += 1) {
      coefficients.push(
        (COSINES[v + 1] as number[]).reduce((sum, c, y) => sum + c * ((rows[y] as number[])[u] ?? 0), 0),
      );
    }
  }
  const mean = coefficients.reduce((sum, c) => sum + c, 0) / coefficients.length;
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > mean ? 1n : 0n);
  return { hash: BigInt.asIntN(64, hash), margins: coefficients.map((c) => Math.abs(c - mean)) };
}

/** A plain frame (a border, or the strips a shifted copy uncovers) is no part of the picture. */
const TRIM_THRESHOLD = 20;
/** The size the hashes are taken at: four times the 32 pixels a hash samples. */
const WORKING_SIZE = 128;
/** Trimming never takes more than this share of a side: beyond it, it was the picture itself. */
const TRIM_MAX = 0.25;

/**
 * The photo in grey, without a plain border (told by its colours) if it has one, shrunk to
 * WORKING_SIZE on its longer side: every hash is taken from that one small picture, which keeps
 * fourteen hashes cheap.
 */
async function withoutBorder(image: Buffer): Promise<Grey> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const trimmed = await sharp(image)
    .trim({ threshold: TRIM_THRESHOLD })
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  const kept =
    trimmed && trimmed.info.width >= width * (1 - TRIM_MAX) && trimmed.info.height >= height * (1 - TRIM_MAX);
  const { data, info } = await sharp(kept ? trimmed.data : image)
    .resize(WORKING_SIZE, WORKING_SIZE, { fit: "inside" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The part of a width × height picture `share` of each side wide, placed at (x, y) of the room left (0 to 1). */
function part(width: number, height: number, share: number, x: number, y: number) {
  const [w, h] = [Math.round(width * share), Math.round(height * share)];
  return { left: Math.round((width - w) * x), top: Math.round((height - h) * y), width: w, height: h };
}

/** The corners, as (x, y) places in part(). */
const CORNERS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

/**
 * The parts of a photo whose hashes are kept (rows of photo_hashes, `variant` their index):
 * the whole, its centre (80 %), 90 % crops in the centre and each corner, and 95 % crops in each
 * corner. A copy cropped by up to 10 % from any side is near one of the 90 % crops; a copy
 * shifted by a few per cent, once the strip it uncovered is trimmed, is the photo less a thin strip
 * on two sides: near the whole or the 95 % crop in the corner it moved from. Variants are only
 * ever added at the end, so the recompute job can tell a photo hashed before from its count.
 */
const KEPT_PARTS = [
  [1, 0.5, 0.5],
  [0.8, 0.5, 0.5],
  [0.9, 0.5, 0.5],
  ...CORNERS.map(([x, y]) => [0.9, x, y] as const),
  ...CORNERS.map(([x, y]) => [0.95, x, y] as const),
] as const;

/** How many hashes are kept of each photo. */
export const KEPT_HASHES_PER_PHOTO = KEPT_PARTS.length;

/**
 * A copy turned a few degrees is looked up turned back: the upload is also hashed turned this
 * many degrees each way. Chosen on the development set of bench/photo-hash/accuracy.ts (3, 4
 * and 5 tried): copies turned 2° to 6° either way then land near a kept hash of the original.
 */
const TURN_DEGREES = 5;
/**
 * Of a turned upload, its centre this share of each side is hashed: turning a square 5°
 * uncovers black corners only outside its central 92 %.
 */
const TURNED_SHARE = 0.9;

/** The hash of the centre TURNED_SHARE of `picture` turned `degrees` (clockwise when positive). */
async function turnedCentreHash(picture: Grey, degrees: number): Promise<Hashed> {
  // Turned in a pipeline of its own, so the crop is taken from the turned pixels.
  const { data, info } = await sharp(picture.data, {
    raw: { width: picture.width, height: picture.height, channels: 1 },
  })
    .rotate(degrees, { background: "#000000" })
    .greyscale()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const turned = { data, width: info.width, height: info.height };
  const [width, height] = [Math.round(picture.width * TURNED_SHARE), Math.round(picture.height * TURNED_SHARE)];
  return regionHash(turned, {
    left: Math.round((turned.width - width) / 2),
    top: Math.round((turned.height - height) / 2),
    width,
    height,
  });
}

/**
 * Of each turned probe, the bits in each band whose frequencies lie nearest the mean are also
 * looked up flipped, one at a time. A copy turned by other than TURN_DEGREES, turned back, lands a
 * few bits from a kept hash, but those bits are often spread over all four bands, so no band is the
 * same; they are mostly its least certain bits. Chosen on the development set of
 * bench/photo-hash/accuracy.ts (0 to 3 tried, and on other probes): see ADR 0026.
 */
export const TURNED_UNCERTAIN_BITS_PER_BAND = 2;

/** Of each band of `hashed`, the `perBand` bits whose frequencies lie nearest the mean (numbered as in Probe). */
function uncertainBits(hashed: Hashed, perBand: number): number[] {
  return Array.from({ length: PHOTO_HASH_BANDS }, (_, band) =>
    Array.from({ length: BAND_BITS }, (_, i) => band * BAND_BITS + i)
      .sort((a, b) => (hashed.margins[a] ?? 0) - (hashed.margins[b] ?? 0))
      .slice(0, perBand)
      .map((index) => 63 - index),
  ).flat();
}

/**
 * What the duplicate-photo check keeps of a photo (`stored`, its rows in photo_hashes, in the
 * order of KEPT_PARTS) and what it looks up when a photo is uploaded (`probes`), all of the photo
 * with any plain border trimmed. Looked up, six probes: the whole and the centre at 90 % and 80 %
 * (the centre is where a shift changes least, and two sizes of it give the exact-band lookup,
 * PHOTO_HASH_BANDS, more chances); the whole mirrored; and the centre 90 % of the photo turned
 * TURN_DEGREES each way, each with its TURNED_UNCERTAIN_BITS_PER_BAND least certain bits a band.
 * The two turned probes took the place of the mirrored centres, which on the development set
 * caught nothing the mirrored whole did not.
 */
export async function photoFingerprints(image: Buffer): Promise<{ stored: bigint[]; probes: Probe[] }> {
  const picture = await withoutBorder(image);
  const { width, height } = picture;
  const kept = KEPT_PARTS.map(([share, x, y]) => part(width, height, share, x, y));
  const stored = (await Promise.all(kept.map((region) => regionHash(picture, region)))).map(({ hash }) => hash);
  const [mirroredWhole, ...turnedBack] = await Promise.all([
    regionHash(picture, kept[0] as Region, true),
    turnedCentreHash(picture, TURN_DEGREES),
    turnedCentreHash(picture, -TURN_DEGREES),
  ]);
  // The whole, the centre 90 % crop and the centre (80 %) are kept hashes already.
  const exact = [stored[0], stored[2], stored[1], mirroredWhole.hash] as bigint[];
  const probes = [
    ...exact.map((hash) => ({ hash, uncertainBits: [] })),
    ...turnedBack.map((turned) => ({
      hash: turned.hash,
      uncertainBits: uncertainBits(turned, TURNED_UNCERTAIN_BITS_PER_BAND),
    })),
  ];
  return { stored, probes };
}

/** The hash's bands of BAND_BITS bits, most significant first (see PHOTO_HASH_BANDS). */
export function hashBands(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return Array.from({ length: PHOTO_HASH_BANDS }, (_, band) =>
    Number((unsigned >> BigInt(bandShift(band))) & BigInt(BAND_MASK)),
  );
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

/**
 * The band values the lookup of `probe` reads (findNearDuplicates): each band as the probe has it,
 * and as it is with each of the probe's uncertain bits in that band flipped.
 */
export function lookupKeys(probe: Probe): { band: number; value: number }[] {
  const exact = hashBands(probe.hash).map((value, band) => ({ band, value }));
  const flipped = probe.uncertainBits.map((bit) => {
    const band = PHOTO_HASH_BANDS - 1 - Math.floor(bit / BAND_BITS);
    return { band, value: (exact[band]?.value ?? 0) ^ (1 << (bit % BAND_BITS)) };
  });
  return [...exact, ...flipped];
}

/**
 * Whether the lookup of `probe` finds `stored` (what findNearDuplicates asks PostgreSQL): within
 * DUPLICATE_PHOTO_MAX_DISTANCE bits, and reached through a band of it that one of the probe's
 * lookupKeys reads.
 */
export function findsNearDuplicate(probe: Probe, stored: bigint): boolean {
  const storedBands = hashBands(stored);
  return (
    hammingDistance(probe.hash, stored) <= DUPLICATE_PHOTO_MAX_DISTANCE &&
    lookupKeys(probe).some(({ band, value }) => storedBands[band] === value)
  );
}
