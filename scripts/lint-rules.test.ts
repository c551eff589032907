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

  it("a server layer imports only the layers below it: db <- platform <- features <- app", () => {
    const dbUp = lint({
      "apps/server/src/db/probe.ts":
        'import { withLock } from "../platform/db/lock.ts";\nimport type { Config } from "../config.ts";\nexport const p = [withLock, {} as Config];\n',
    });
    expect(dbUp.ok).toBe(false);
    expect(dbUp.output).toContain("db/ imports none of platform/");
    expect(dbUp.output.match(/db\/ imports none of platform\//g)?.length).toBeGreaterThanOrEqual(2);

    const platformUp = lint({
      "apps/server/src/platform/probe/probe.ts":
        'import type { Auth } from "../../features/accounts/auth.ts";\nexport type P = Auth;\n',
    });
    expect(platformUp.ok).toBe(false);
    expect(platformUp.output).toContain("platform/ and config.ts import neither features/");

    for (const file of ["apps/server/src/features/probe/service.ts", "apps/server/src/features/probe/data.ts"]) {
      const featureUp = lint({ [file]: 'import { FEATURES } from "../../app.ts";\nexport const p = FEATURES;\n' });
      expect(featureUp.ok, file).toBe(false);
      expect(featureUp.output).toContain("a feature never imports the app");
    }

    // The ORM rule still holds beside the layering rule, and going down stays allowed.
    const orm = lint({
      "apps/server/src/features/probe/service.ts": 'import { eq } from "drizzle-orm";\nexport const p = eq;\n',
    });
    expect(orm.output).toContain("data.ts (reads) and mutations.ts (writes)");
    const down = lint({
      "apps/server/src/features/probe/data.ts":
        'import { eq } from "drizzle-orm";\nimport { AppError } from "../../platform/http/errors.ts";\nimport { users } from "../../db/schema.ts";\nexport const p = [eq, AppError, users];\n',
      "apps/server/src/platform/probe/down.ts":
        'import { users } from "../../db/schema.ts";\nexport const p = users;\n',
    });
    expect(down.output).not.toContain("noRestrictedImports");
  });

  it("the heuristic scoring and the text reading do no I/O", () => {
    const scoring = lint({
      "apps/server/src/features/matching/scoring/probe.ts":
        'import { readFileSync } from "node:fs";\nimport { findMatch } from "../data.ts";\nimport { generateStructured } from "../../../platform/llm/structured-call.ts";\nexport const p = [readFileSync, findMatch, generateStructured];\n',
    });
    expect(scoring.ok).toBe(false);
    expect(scoring.output.match(/only read text and compute/g)?.length).toBeGreaterThanOrEqual(3);

    const reading = lint({
      "apps/server/src/platform/text-reading/probe.ts":
        'import { profiles } from "../../db/schema.ts";\nexport const p = profiles;\n',
    });
    expect(reading.ok).toBe(false);
    expect(reading.output).toContain("only read text and compute");

    const allowed = lint({
      "apps/server/src/features/matching/scoring/probe.ts":
        'import { stems } from "../../../platform/text-reading/text.ts";\nimport type { Narrative } from "../narrative/narrative.ts";\nexport const p = (n: Narrative) => stems(n.about);\n',
      "apps/server/src/features/matching/scoring/llm-scorer.ts":
        'import { generateStructured } from "../../../platform/llm/structured-call.ts";\nexport const p = generateStructured;\n',
    });
    expect(allowed.output).not.toContain("noRestrictedImports");
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
