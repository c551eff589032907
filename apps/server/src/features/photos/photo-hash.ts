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

/** The size the hashes are taken at: four times the 32 pixels a hash samples. */
const WORKING_SIZE = 128;

/** How many pixels of a plain frame (a border, or the strip a shifted copy uncovers) lie on each side. */
interface Frame {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
const SIDES = ["top", "bottom", "left", "right"] as const;

/**
 * A frame's outermost line (row or column) is plain: 98 % of its greys lie within this many
 * levels. A border or an uncovered strip is one colour, 0 apart once re-encoded; the plainest
 * edges of the development photographs (aitzgorri's sky, Wood's grain) spread over 5 and 6.
 */
const PLAIN_SPREAD = 3;
/** Lines further in are the frame's while as plain and their median grey within this of the outermost's. */
const SAME_GREY = 3;
/**
 * JPEG smears a frame's inner edge over up to a block of its colours (16 lines, 4:2:0): past the
 * plain lines, the edge is looked for among up to that many more, while their median grey lies
 * within FRAME_EDGE_GREY of the frame's, and the first line past them. The frame ends at the one
 * whose mean grey steps furthest from the line before: where the picture begins, even when the
 * picture's edge is within FRAME_EDGE_GREY of the frame (a dark photo shifted over black).
 * Within those lines the median must also move off the frame's (by more than SAME_GREY): a plain
 * background (a studio wall, a drawing's fill) goes on into whatever stands before it, as does
 * its median, and is no frame.
 */
const FRAME_EDGE_LINES = 16;
const FRAME_EDGE_GREY = 20;
/** A frame never takes more than this share of a side: beyond it, it was the picture itself. */
const TRIM_MAX = 0.25;

const NO_FRAME: Frame = { top: 0, bottom: 0, left: 0, right: 0 };

/**
 * The line (row or column) of `image` `depth` pixels in from `side` of what `within` leaves of it,
 * as long as what it leaves along that side.
 */
function sideLine(image: Grey, side: keyof Frame, depth: number, within: Frame = NO_FRAME): Uint8Array {
  const [x0, x1, y0, y1] = [within.left, image.width - within.right, within.top, image.height - within.bottom];
  if (side === "top" || side === "bottom") {
    const y = side === "top" ? y0 + depth : y1 - 1 - depth;
    return image.data.subarray(y * image.width + x0, y * image.width + x1);
  }
  const x = side === "left" ? x0 + depth : x1 - 1 - depth;
  const column = new Uint8Array(y1 - y0);
  for (let i = 0; i < column.length; i += 1) column[i] = image.data[(y0 + i) * image.width + x] ?? 0;
  return column;
}

/** Of a line of grey pixels, its median, its mean and the spread between its 1st and 99th percentiles. */
function lineGreys(pixels: Uint8Array): { median: number; spread: number; mean: number } {
  const counts = new Uint32Array(256);
  for (const pixel of pixels) counts[pixel] = (counts[pixel] ?? 0) + 1;
  const percentile = (share: number) => {
    let seen = 0;
    for (let grey = 0; grey < 256; grey += 1) {
      seen += counts[grey] ?? 0;
      if (seen > share * pixels.length) return grey;
    }
    return 255;
  };
  const mean = pixels.reduce((sum, pixel) => sum + pixel, 0) / pixels.length;
  return { median: percentile(0.5), spread: percentile(0.99) - percentile(0.01), mean };
}

/**
 * The plain frame of `image` (a greyscale picture), side by side: a side whose outermost line is
 * plain loses it and the lines within like it, up to the steepest step where the picture begins
 * (FRAME_EDGE_LINES);
 * then the sides are looked at again, so a frame within a frame (a shifted copy's strip beside a
 * photo's own frame) goes too, as it went from the original. A sky, a wall or a grain is not plain
 * enough to be taken for a frame, nor is a plain background, which does not end along a line; a
 * frame of any colour goes, on whichever sides it is.
 */
function plainFrame(image: Grey): Frame {
  const frame: Frame = { top: 0, bottom: 0, left: 0, right: 0 };
  /** The line `depth` pixels within what `frame` leaves, on `side`. */
  const line = (side: keyof Frame, depth: number) => lineGreys(sideLine(image, side, depth, frame));
  let trimmed = true;
  while (trimmed) {
    trimmed = false;
    for (const side of SIDES) {
      const outer = line(side, 0);
      if (outer.spread > PLAIN_SPREAD) continue;
      const room =
        Math.floor((side === "top" || side === "bottom" ? image.height : image.width) * TRIM_MAX) - frame[side];
      let depth = 1;
      let edge = 0;
      let pictureBegins = false;
      // The frame ends, past its plain lines, where the mean grey steps furthest from the line before.
      let previous = outer;
      let steepest = { depth: 0, step: -1 };
      while (depth < room) {
        const next = line(side, depth);
        const off = Math.abs(next.median - outer.median);
        if (off > SAME_GREY) pictureBegins = true;
        const plain = edge === 0 && next.spread <= PLAIN_SPREAD && off <= SAME_GREY;
        const step = Math.abs(next.mean - previous.mean);
        if (!plain && step > steepest.step) steepest = { depth, step };
        previous = next;
        if (plain) depth += 1;
        else if (edge < FRAME_EDGE_LINES && off <= FRAME_EDGE_GREY) [depth, edge] = [depth + 1, edge + 1];
        else break;
      }
      if (depth >= room || !pictureBegins) continue;
      frame[side] += steepest.depth;
      trimmed = true;
    }
  }
  return frame;
}

/**
 * A strip a shift uncovers need not be plain: an editor may fill it by repeating the picture's edge
 * or by mirroring the picture across it. Such a fill is taken for a shift's strip only where the
 * lines it repeats or mirrors vary along themselves (a texture, not a sky or a border, whose
 * neighbouring lines are alike anyway) by FILL_TEXTURE greys or more from pixel to pixel. Repeated
 * lines, re-encoded, lie 0-0.2 greys apart on average (FILL_SAME); neighbouring lines of the
 * development photographs' textured edges lie 0.25 or more apart, and of 308 development uploads
 * that are no shift (each photograph and its other copies), one showed four such lines in a row
 * on a side, and it was not taken for a shift.
 */
const FILL_TEXTURE = 1;
const FILL_SAME = 0.25;
/**
 * A mirrored fill's lines lie within this many greys on average of those they mirror, and within
 * a quarter of how much those vary along themselves.
 */
const FILL_MIRRORED = 1.5;
/** Fewer lines than this are no shift worth looking up otherwise. */
const FILL_MIN = 4;
/** A fill is looked for up to the widest shift a kept corner crop leaves room for (10 %). */
const FILL_MAX_SHARE = 0.1;
/** JPEG mixes a repeated fill's last lines with the picture's first over up to a block (8 lines). */
const FILL_EDGE_LINES = 8;

/**
 * How wide a fill repeating or mirroring the picture lies on each side of `image` (0 where none):
 * where a shifted copy's picture begins when its strip is no plain frame.
 */
function filledFrame(image: Grey): Frame {
  const frame: Frame = { top: 0, bottom: 0, left: 0, right: 0 };
  for (const side of SIDES) {
    const across = side === "top" || side === "bottom";
    const [length, depths] = across ? [image.width, image.height] : [image.height, image.width];
    const widest = Math.floor(depths * FILL_MAX_SHARE);
    const lines = Array.from({ length: 2 * widest + 1 }, (_, depth) => sideLine(image, side, depth));
    const apart = (a: Uint8Array, b: Uint8Array) => {
      let sum = 0;
      for (let i = 0; i < length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
      return sum / length;
    };
    const textures = lines.map((line) => {
      let sum = 0;
      for (let i = 1; i < length; i += 1) sum += Math.abs((line[i] ?? 0) - (line[i - 1] ?? 0));
      return sum / (length - 1);
    });
    const line = (depth: number) => lines[depth] as Uint8Array;
    let width = 0;
    // Repeated: the outer lines are one line over and over; the picture begins at the steepest
    // step away from it within the block JPEG mixes.
    if ((textures[0] ?? 0) >= FILL_TEXTURE) {
      let repeated = 0;
      while (repeated < widest && apart(line(repeated), line(repeated + 1)) <= FILL_SAME) repeated += 1;
      if (repeated + 1 >= FILL_MIN) {
        // The first line past the repeats steps off by JPEG's mixing alone, so the steps looked at
        // begin past it: the picture's first line is a repeat's own, its second is not.
        let steepest = { depth: repeated + 1, step: -1 };
        for (let depth = repeated + 2; depth <= Math.min(repeated + 1 + FILL_EDGE_LINES, widest); depth += 1) {
          const step = apart(line(depth), line(0)) - apart(line(depth - 1), line(0));
          if (step > steepest.step) steepest = { depth: depth - 1, step };
        }
        width = steepest.depth;
      }
    }
    // Mirrored: the lines before depth `mirror` are those after it, in reverse.
    let closest = FILL_MIRRORED;
    for (let mirror = FILL_MIN; mirror <= widest; mirror += 1) {
      const varied = textures.slice(mirror, 2 * mirror).reduce((sum, texture) => sum + texture, 0) / mirror;
      if (varied < FILL_TEXTURE) continue;
      // Summed line by line only while it may still be the closest.
      let off = 0;
      for (let k = 0; k < mirror && off <= closest * mirror; k += 1)
        off += apart(line(mirror - 1 - k), line(mirror + k));
      off /= mirror;
      if (off <= varied / 4 && off < closest) [closest, width] = [off, Math.max(width, mirror)];
    }
    frame[side] = width >= FILL_MIN ? width : 0;
  }
  return frame;
}

/** `region` of a greyscale picture, shrunk to WORKING_SIZE on its longer side. */
async function shrunk(image: Grey, region: Region): Promise<Grey> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .extract(region)
    .resize(WORKING_SIZE, WORKING_SIZE, { fit: "inside" })
    .greyscale() // else one grey channel in comes out as three
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The part of a width × height picture `share` of each side wide, placed at (x, y) of the room left (0 to 1). */
function part(width: number, height: number, share: number, x: number, y: number) {
  const [w, h] = [Math.round(width * share), Math.round(height * share)];
  return { left: Math.round((width - w) * x), top: Math.round((height - h) * y), width: w, height: h };
}

/** The share of each side the crops kept for cropped copies keep (KEPT_PARTS): a 10 % crop. */
const CROP_SHARE = 0.9;
/** The share of each side the corner crops kept for shifted copies keep (KEPT_PARTS). */
const SHIFTED_CORNER_SHARE = 0.95;
/**
 * The kept corner crops a shifted copy may be looked up by, largest first (shiftedCorner): the 95 %
 * ones for a shift within 5 %, else the 90 % ones kept for crops, for a shift within 10 %.
 */
const SHIFTED_CORNER_SHARES = [SHIFTED_CORNER_SHARE, CROP_SHARE];

/**
 * Which way of hashing made a kept hash (photo_hashes.scheme), raised whenever the same file would
 * give other kept hashes, so the recompute job makes them again. 1: anything near the colour of the
 * top-left pixel was trimmed; 2: only a plain frame, side by side (plainFrame, ADR 0027); 3: the
 * frame ends at the steepest step past its plain lines, not at the last line near its grey (ADR 0028).
 */
export const PHOTO_HASH_SCHEME = 3;

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
 * shifted by up to 5 % holds the whole 95 % crop in the corner it moved from, and one shifted by
 * up to 10 % the whole 90 % crop there (shiftedCorner).
 * Variants are only ever added at the end, so the recompute job can tell a photo hashed before
 * from its count.
 */
const KEPT_PARTS = [
  [1, 0.5, 0.5],
  [0.8, 0.5, 0.5],
  [CROP_SHARE, 0.5, 0.5],
  ...CORNERS.map(([x, y]) => [CROP_SHARE, x, y] as const),
  ...CORNERS.map(([x, y]) => [SHIFTED_CORNER_SHARE, x, y] as const),
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

/**
 * Of the whole and its centre 90 % (the probes a copy turned by a few degrees and also cropped or
 * zoomed lands nearest, when turning it back lands no nearer), the same: such a copy lies within
 * DUPLICATE_PHOTO_MAX_DISTANCE bits of a kept hash of its original, often with no band the same.
 * Chosen on development copies turned 2-8° either way and cropped (0, 1 and 2 tried): see ADR 0031.
 */
export const WHOLE_UNCERTAIN_BITS_PER_BAND = 2;

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
 * Where, in an upload `width` × `height` whose plain frame is `frame`, a shifted copy shows whole
 * the largest corner crop kept of its original (SHIFTED_CORNER_SHARES) in the corner it moved
 * from: a shift uncovers a strip on at most one side of each axis, and along each axis the
 * original's edge lies where the strip ends (or, with none, where the upload's does).
 * Null when the frame is no shift's (on both sides of an axis, or none at all) or the shift wider
 * than the smallest kept corner crop leaves room for.
 */
function shiftedCorner(frame: Frame, width: number, height: number): Region | null {
  const along = (before: number, after: number, size: number, kept: number) => {
    if (before > 0 && after > 0) return null;
    const start = after > 0 ? size - kept - after : before;
    return start >= 0 && start + kept <= size ? start : null;
  };
  if (!SIDES.some((side) => frame[side] > 0)) return null;
  for (const share of SHIFTED_CORNER_SHARES) {
    const [keptWidth, keptHeight] = [Math.round(width * share), Math.round(height * share)];
    const left = along(frame.left, frame.right, width, keptWidth);
    const top = along(frame.top, frame.bottom, height, keptHeight);
    if (left !== null && top !== null) return { left, top, width: keptWidth, height: keptHeight };
  }
  return null;
}

/**
 * What the duplicate-photo check keeps of a photo (`stored`, its rows in photo_hashes, in the
 * order of KEPT_PARTS) and what it looks up when a photo is uploaded (`probes`), all of the photo
 * with its plain frame trimmed (plainFrame). Looked up, six probes: the whole and the centre at 90 %
 * and 80 % (the centre is where a shift changes least, and two sizes of it give the exact-band
 * lookup, PHOTO_HASH_BANDS, more chances), the whole and the 90 % centre each with its
 * WHOLE_UNCERTAIN_BITS_PER_BAND least certain bits a band; the whole mirrored; and the centre 90 % of the photo
 * turned TURN_DEGREES each way, each with its TURNED_UNCERTAIN_BITS_PER_BAND least certain bits a
 * band. The two turned probes took the place of the mirrored centres, which on the development
 * set caught nothing the mirrored whole did not. An upload framed as a shift (shiftedCorner), by
 * a plain frame or else by a fill that repeats or mirrors its edge (filledFrame), is looked up by
 * that corner crop in place of the 80 % centre: a shifted copy's hash is then a kept hash of its
 * original but for re-encoding, and the lookup reads no more.
 */
export async function photoFingerprints(image: Buffer): Promise<{ stored: bigint[]; probes: Probe[] }> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const full = { data, width: info.width, height: info.height };
  const frame = plainFrame(full);
  const picture = await shrunk(full, {
    left: frame.left,
    top: frame.top,
    width: full.width - frame.left - frame.right,
    height: full.height - frame.top - frame.bottom,
  });
  const { width, height } = picture;
  const kept = KEPT_PARTS.map(([share, x, y]) => part(width, height, share, x, y));
  const keptHashes = await Promise.all(kept.map((region) => regionHash(picture, region)));
  const stored = keptHashes.map(({ hash }) => hash);
  const corner =
    shiftedCorner(frame, full.width, full.height) ?? shiftedCorner(filledFrame(full), full.width, full.height);
  const [mirroredWhole, movedBack, ...turnedBack] = await Promise.all([
    regionHash(picture, kept[0] as Region, true),
    corner && shrunk(full, corner).then((moved) => regionHash(moved, part(moved.width, moved.height, 1, 0, 0))),
    turnedCentreHash(picture, TURN_DEGREES),
    turnedCentreHash(picture, -TURN_DEGREES),
  ]);
  // The whole, the centre 90 % crop and the centre (80 %) are kept hashes already.
  const [whole, centre] = [keptHashes[0], keptHashes[2]] as [Hashed, Hashed];
  const probes = [
    ...[whole, centre].map((hashed) => ({
      hash: hashed.hash,
      uncertainBits: uncertainBits(hashed, WHOLE_UNCERTAIN_BITS_PER_BAND),
    })),
    ...[movedBack?.hash ?? stored[1], mirroredWhole.hash].map((hash) => ({ hash: hash as bigint, uncertainBits: [] })),
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
