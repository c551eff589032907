import { strToU8, type Zippable, zipSync } from "fflate";
import type { ExportEntry } from "../../platform/data-export/data-export-registry.ts";

// Text (JSON, the README) is deflated; binary files (photos, already compressed as JPEG) would
// not shrink, so they are stored as they are.
const TEXT_LEVEL = 6;
const STORED = 0;

/** One ZIP archive of the entries, in their order, with UTF-8 names; `modified` dates undated entries. */
export function createArchive(entries: readonly ExportEntry[], modified: Date): Buffer {
  const files: Zippable = {};
  for (const { name, data, modified: own } of entries) {
    const mtime = own ?? modified;
    files[name] =
      typeof data === "string" ? [strToU8(data), { level: TEXT_LEVEL, mtime }] : [data, { level: STORED, mtime }];
  }
  const archive = zipSync(files);
  return Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
}
