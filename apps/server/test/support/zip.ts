import { crc32 } from "node:zlib";
import { unzipSync } from "fflate";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

/** The CRC-32 the archive's central directory records for each entry. */
function recordedCrcs(zip: Buffer): Map<string, number> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || zip.readUInt32LE(endAt) !== END_OF_CENTRAL_DIRECTORY) throw new Error("not a ZIP archive");
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const crcs = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error("bad central directory");
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    crcs.set(name, zip.readUInt32LE(at + 16));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return crcs;
}

/**
 * Reads an archive with fflate, in its order, and checks every entry against the CRC-32 the
 * archive records for it (fflate does not), as an unzip tool would.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const crcs = recordedCrcs(zip);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip);
  } catch (error) {
    throw new Error(`invalid ZIP archive: ${(error as Error).message}`);
  }
  const files = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(entries)) {
    const file = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    if (crc32(file) !== crcs.get(name)) throw new Error(`CRC mismatch in ${name}`);
    files.set(name, file);
  }
  return files;
}
