import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The layering rules live in biome.json and fail `npm run lint`. These tests copy that config into
// a scratch directory, write deliberately offending files at the paths the rules name, and check
// that Biome refuses them, so a rule that silently stopped matching would be noticed.
const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules", ".bin", "biome");
const scratch = mkdtempSync(path.join(os.tmpdir(), "sams-web-lint-"));

const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8")) as Record<string, unknown>;
delete config.vcs;
delete config.$schema;
writeFileSync(path.join(scratch, "biome.json"), JSON.stringify({ ...config, root: true }));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(files: Record<string, string>): { ok: boolean; output: string } {
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
  }
  const result = spawnSync(biome, ["lint", "--max-diagnostics=50", ...Object.keys(files)], {
    cwd: scratch,
    encoding: "utf8",
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe("layering rules enforced by Biome", () => {
  it("a server feature file other than data.ts/mutations.ts may not import the ORM or the schema", () => {
    const bad = lint({
      "apps/server/src/features/probe/service.ts":
        'import { eq } from "drizzle-orm";\nimport { profiles } from "../../db/schema.ts";\nexport const probe = [eq, profiles];\n',
    });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("noRestrictedImports");
    expect(bad.output).toContain("data.ts (reads) and mutations.ts (writes)");

    const good = lint({
      "apps/server/src/features/probe/data.ts": 'import { eq } from "drizzle-orm";\nexport const probe = eq;\n',
    });
    expect(good.output).not.toContain("noRestrictedImports");
  });

  it("a web feature may not import the app shell", () => {
    const bad = lint({
      "apps/web/src/features/probe/probe-page.tsx":
        'import { router } from "../../app/router.tsx";\nexport const p = router;\n',
    });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("must not import from app/");
  });

  it("web lib/ may not import features", () => {
    const bad = lint({
      "apps/web/src/lib/probe.ts": 'import { x } from "../features/chat/api.ts";\nexport const p = x;\n',
    });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("bottom layer");
  });

  it("packages/domain may not do I/O or import app code", () => {
    const bad = lint({
      "packages/domain/src/probe/rules.ts": 'import { readFileSync } from "node:fs";\nexport const p = readFileSync;\n',
    });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("pure TypeScript");
  });

  it("an import cycle fails, even through a type-only import", () => {
    const bad = lint({
      "apps/server/src/probe/a.ts": 'import type { B } from "./b.ts";\nexport interface A { b?: B }\n',
      "apps/server/src/probe/b.ts": 'import type { A } from "./a.ts";\nexport interface B { a?: A }\n',
    });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("noImportCycles");
  });
});
