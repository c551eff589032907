import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The browser's first page imports rules, messages and contracts and must not download zod (its
// JavaScript budget): only schemas.ts files import zod at run time, and nothing else reaches one
// at run time except the compatibility score, which the server alone computes.

const SRC = import.meta.dirname;
const MAY_USE_ZOD = new Set(["matching/compatibility.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** What a file loads at run time: every import or re-export except `import type` / `export type`. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;"]*?\s+from\s+)?"([^"]+)"/gm);
  return [...statements].map((m) => m[1] as string);
}

function reachesZod(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    if (specifier === "zod" || specifier.startsWith("zod/")) return file;
    if (!specifier.startsWith(".")) continue;
    const found = reachesZod(path.resolve(path.dirname(file), specifier), seen);
    if (found) return found;
  }
  return null;
}

describe("zod stays in the schemas", () => {
  const files = sourceFiles(SRC).map((file) => path.relative(SRC, file));

  it("finds the package's files", () => {
    expect(files).toContain("chat/stages.ts");
    expect(files).toContain("profile/schemas.ts");
  });

  it.each(files.filter((file) => path.basename(file) !== "schemas.ts" && !MAY_USE_ZOD.has(file)))(
    "%s reaches no zod at run time",
    (file) => {
      expect(reachesZod(path.join(SRC, file))).toBeNull();
    },
  );
});
