// How well the duplicate-photo check tells copies from different pictures, on real photographs
// (see corpus.ts): per transformation, the share of copies caught; and the share of pairs of
// different photos (each photo against every other photo and every other photo's copies) taken
// for copies. Also how often copies turned 2° to 6° either way are caught (a wider look at
// rotations than the 3° copy alone), and copies shifted 10-40 px eight ways over black or 20 px
// over a fill repeating or mirroring the picture's edge (the same for shifts), not counted among
// the pairs of different pictures. The development set and the two held-out sets are reported
// apart (pairs of different pictures are taken within a set); settings are chosen on the
// development set only.
//
//   node --import tsx bench/photo-hash/accuracy.ts [--set development|heldOut|heldOut2]
import { parseArgs } from "node:util";
import { DUPLICATE_PHOTO_MAX_DISTANCE } from "@sams-web/domain/safety/rules";
import { sanitizePhoto } from "../../apps/server/src/features/photos/photo-files.ts";
import {
  findsNearDuplicate,
  hammingDistance,
  photoFingerprints,
} from "../../apps/server/src/features/photos/photo-hash.ts";
import { shiftedCopy, turnedCopy } from "../../apps/server/test/support/photo-copies.ts";
import { loadCorpus, type PhotoSet, TRANSFORMATIONS } from "./corpus.ts";

const TURNS = [-6, -5, -4, -3, -2, 2, 3, 4, 5, 6];
/** Ways a shifted copy moves (right, down): eight over black, and four over a fill made of the picture's edge. */
const EIGHT_WAYS = [
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;
const FOUR_WAYS = [
  [1, 1],
  [-1, -1],
  [1, 0],
  [0, -1],
] as const;
/**
 * More shifted copies than the bench's one (a wider look at shifts, as TURNS is at rotations): by
 * 10-40 px over black, and by 20 px with the strip filled by repeating or mirroring the edge.
 */
const SHIFTS = [
  ...[10, 20, 30, 40].flatMap((by) =>
    EIGHT_WAYS.map(([x, y]) => ({ kind: `${by} px`, right: x * by, down: y * by, fill: "black" as const })),
  ),
  ...(["repeated", "mirrored"] as const).flatMap((fill) =>
    FOUR_WAYS.map(([x, y]) => ({ kind: fill, right: x * 20, down: y * 20, fill })),
  ),
];
/** While trying settings, only the development set is looked at; each held-out set is run on its own, once. */
const { values } = parseArgs({ options: { set: { type: "string" } } });
const sets = (["development", "heldOut", "heldOut2"] satisfies PhotoSet[]).filter(
  (set) => !values.set || set === values.set,
);
if (sets.length === 0) throw new Error(`--set ${values.set}: no such set (development, heldOut, heldOut2)`);

type Fingerprints = Awaited<ReturnType<typeof photoFingerprints>>;

/** The nearest any probe of the upload comes to any stored hash of the other photo. */
const nearest = (upload: Fingerprints, other: Fingerprints) =>
  Math.min(...upload.probes.flatMap((probe) => other.stored.map((hash) => hammingDistance(probe.hash, hash))));
/** Whether the upload's lookup finds the other photo, as the database does. */
const found = (upload: Fingerprints, other: Fingerprints) =>
  upload.probes.some((probe) => other.stored.some((hash) => findsNearDuplicate(probe, hash)));

const corpus = await loadCorpus(sets);
const photos = await Promise.all(
  corpus.map(async (photo) => {
    const copies = await Promise.all(
      Object.entries(TRANSFORMATIONS).map(async ([name, transform]) => ({
        name,
        fingerprints: await photoFingerprints(await sanitizePhoto(await transform(photo.stored))),
      })),
    );
    const turns = await Promise.all(
      TURNS.map(async (degrees) => ({
        degrees,
        fingerprints: await photoFingerprints(await sanitizePhoto(await turnedCopy(photo.stored, degrees))),
      })),
    );
    const shifts = await Promise.all(
      SHIFTS.map(async ({ kind, right, down, fill }) => ({
        kind,
        fill,
        fingerprints: await photoFingerprints(await sanitizePhoto(await shiftedCopy(photo.stored, right, down, fill))),
      })),
    );
    return { ...photo, fingerprints: await photoFingerprints(photo.stored), copies, turns, shifts };
  }),
);

const pct = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / whole).toFixed(0)} %)`;
console.log(`threshold: ${DUPLICATE_PHOTO_MAX_DISTANCE} bits; "distances" are the nearest probe to a kept hash`);
for (const set of sets) {
  const members = photos.filter((photo) => photo.set === set);
  console.log(`\n${set} set: ${members.length} photographs`);
  for (const name of Object.keys(TRANSFORMATIONS)) {
    const copies = members.map((photo) => ({
      photo,
      copy: photo.copies.find((copy) => copy.name === name)?.fingerprints as Fingerprints,
    }));
    // A held-out set's distances are printed sorted, so that which photograph a miss is stays unseen.
    const distances = copies.map(({ photo, copy }) => nearest(copy, photo.fingerprints));
    if (set !== "development") distances.sort((a, b) => a - b);
    const caught = copies.filter(({ photo, copy }) => found(copy, photo.fingerprints)).length;
    console.log(`  ${name.padEnd(32)} caught ${pct(caught, members.length)}; distances ${distances.join(" ")}`);
  }
  const turned = TURNS.map((degrees) => {
    const caught = members.filter((photo) =>
      found(photo.turns.find((turn) => turn.degrees === degrees)?.fingerprints as Fingerprints, photo.fingerprints),
    ).length;
    return { degrees, caught };
  });
  const allTurned = turned.reduce((sum, { caught }) => sum + caught, 0);
  console.log(
    `  turned 2-6° either way: caught ${pct(allTurned, members.length * TURNS.length)} (${turned.map(({ degrees, caught }) => `${degrees}° ${caught}`).join(", ")})`,
  );
  for (const [label, over] of [
    ["shifted 10-40 px eight ways over black", (fill: string) => fill === "black"],
    ["shifted 20 px four ways over a repeated or mirrored edge", (fill: string) => fill !== "black"],
  ] as const) {
    const kinds = [...new Set(SHIFTS.filter(({ fill }) => over(fill)).map(({ kind }) => kind))];
    const caught = kinds.map((kind) => ({
      kind,
      caught: members.flatMap((photo) =>
        photo.shifts.filter((shift) => shift.kind === kind && found(shift.fingerprints, photo.fingerprints)),
      ).length,
      of: members.length * SHIFTS.filter((shift) => shift.kind === kind).length,
    }));
    const [all, whole] = [caught.reduce((sum, c) => sum + c.caught, 0), caught.reduce((sum, c) => sum + c.of, 0)];
    console.log(
      `  ${label}: caught ${pct(all, whole)} (${caught.map((c) => `${c.kind} ${c.caught}/${c.of}`).join(", ")})`,
    );
  }
  // Different pictures: each photo, as uploaded and as each of its copies, against every other
  // photo of the set as stored.
  const distinct = members.flatMap((upload) =>
    members
      .filter((other) => other !== upload)
      .flatMap((other) =>
        [upload.fingerprints, ...upload.copies.map((copy) => copy.fingerprints)].map((fingerprints) => ({
          distance: nearest(fingerprints, other.fingerprints),
          found: found(fingerprints, other.fingerprints),
        })),
      ),
  );
  const falsePositives = distinct.filter((pair) => pair.found).length;
  console.log(
    `  different pictures taken for copies: ${pct(falsePositives, distinct.length)}; nearest ${Math.min(...distinct.map((pair) => pair.distance))} bits`,
  );
}
