import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Drizzle's migrator applies, at start, every migration of the journal whose time is later than
// the newest one the database has applied. A migration whose time is earlier than the one before
// it is therefore skipped by a database that stopped between them: the journal's times must grow.

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../src/db/migrations");
const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe("the migrations journal", () => {
  it("lists its migrations in order, each later than the one before", () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, "0"))).toBe(true);
      if (index > 0) expect(entry.when).toBeGreaterThan(journal.entries[index - 1]?.when ?? 0);
    });
  });

  it("has an SQL file for each entry", () => {
    for (const entry of journal.entries)
      expect(existsSync(path.join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
  });
});
