// The real photographs the duplicate-photo check is measured on, and the copies a catfish makes
// of them. The photographs come from Debian packages (no image is kept in the repository):
// `apt-get install -y` the packages manifest.json names. manifest.json splits them into a
// development set, which the detector's settings were chosen on, and two held-out sets, which
// they were not: only the held-out figures say how it does on pictures it has not seen. The
// second held-out set (other packages' photographs) was added once the first had been run after
// several rounds of changes, so that a round could still be measured on pictures never run before.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sanitizePhoto } from "../../apps/server/src/features/photos/photo-files.ts";
import { asUpload, COPIES } from "../../apps/server/test/support/photo-copies.ts";

/** The copies made of each photo (apps/server/test/support/photo-copies.ts). */
export const TRANSFORMATIONS = COPIES;

export type PhotoSet = "development" | "heldOut" | "heldOut2";

interface Manifest {
  packages: string[];
  photos: { file: string; set: PhotoSet }[];
}

export interface CorpusPhoto {
  file: string;
  set: PhotoSet;
  /** The photo as the app stores it: the centre square at 560×560, re-encoded by the upload. */
  stored: Buffer;
}

const manifestPath = path.join(path.dirname(fileURLToPath(import.meta.url)), "manifest.json");

/** The photographs of `sets`, in the manifest's order. */
export async function loadCorpus(sets: PhotoSet[]): Promise<CorpusPhoto[]> {
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
  return Promise.all(
    manifest.photos
      .filter(({ set }) => sets.includes(set))
      .map(async ({ file, set }) => {
        const original = await readFile(file).catch(() => {
          throw new Error(`${file} is missing: apt-get install -y ${manifest.packages.join(" ")}`);
        });
        return { file, set, stored: await sanitizePhoto(await asUpload(original)) };
      }),
  );
}
