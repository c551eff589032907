import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createArchive } from "../../../src/features/privacy/archive.ts";
import { readZip } from "../../support/zip.ts";

const createZip = (entries: { name: string; data: Buffer | string }[]) => createArchive(entries, new Date());

describe("the export's ZIP writer", () => {
  it("round-trips text (deflated), binary (stored) and empty entries with UTF-8 names", () => {
    const binary = randomBytes(2048);
    const text = JSON.stringify({ note: "héllo wörld ".repeat(200) });
    const zip = createZip([
      { name: "profile.json", data: text },
      { name: "photos/photo0.jpg", data: binary },
      { name: "leer-ü.txt", data: "" },
    ]);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(["profile.json", "photos/photo0.jpg", "leer-ü.txt"]);
    expect(files.get("profile.json")?.toString("utf8")).toBe(text);
    expect(files.get("photos/photo0.jpg")).toEqual(binary);
    expect(files.get("leer-ü.txt")?.length).toBe(0);
    // Text shrinks; random bytes are stored as they are.
    expect(zip.length).toBeLessThan(text.length + binary.length);
  });

  it("detects a corrupted entry by its CRC", () => {
    const zip = createZip([{ name: "a.txt", data: "abcdefgh" }]);
    const broken = Buffer.from(zip);
    const at = 30 + "a.txt".length; // first byte of the entry's data
    broken.writeUInt8((broken.readUInt8(at) ^ 0xff) & 0xff, at);
    expect(() => readZip(broken)).toThrow(/CRC|invalid/);
  });
});
