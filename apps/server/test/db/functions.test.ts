import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/helpers.ts";

// Each SQL function has one current source, src/db/functions/<name>.sql, from which
// `npm run db:function` writes its migrations. The database the migrations build must define each
// function exactly as its file says (no forgotten migration, no edit of a generated one), and the
// migrations already released must stay as they were: a database that applied them is not told.

const db = path.resolve(import.meta.dirname, "../../src/db");
const functionsDir = path.join(db, "functions");
const migrationsDir = path.join(db, "migrations");

const test = await createTestDatabase();
afterAll(() => test.drop());

/** The file's statement: its leading comment lines off, and its final semicolon. */
function statementOf(file: string): string {
  const lines = readFileSync(path.join(functionsDir, file), "utf8").split("\n");
  const start = lines.findIndex((line) => !line.startsWith("--"));
  return lines.slice(start).join("\n").trim().replace(/;$/, "");
}

/** Functions of the service's schema, as pg_get_functiondef prints them, the schema name left out. */
async function definedFunctions(): Promise<Map<string, string>> {
  const { rows } = await test.pool.query<{ name: string; definition: string }>(`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
      -- functions of an extension (the tests' earthdistance) are not ours
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  return new Map(
    rows.map((row) => [row.name, row.definition.trim().replace(/^(CREATE OR REPLACE FUNCTION )[^.(\s]+\./, "$1")]),
  );
}

describe("the SQL functions", () => {
  it("have one file each in src/db/functions, and the migrated database defines each exactly as its file", async () => {
    const defined = await definedFunctions();
    const files = readdirSync(functionsDir).filter((file) => file.endsWith(".sql"));
    expect(files.map((file) => file.slice(0, -".sql".length)).sort()).toEqual([...defined.keys()].sort());
    for (const file of files) {
      const name = file.slice(0, -".sql".length);
      expect(
        defined.get(name),
        `src/db/functions/${file} is not what the migrations define: run \`npm run db:function -- ${name}\``,
      ).toBe(statementOf(file));
    }
  });
});

// The migrations as released (sha256 of each file, as drizzle's migrator records it). A migration
// that a database has applied never runs again there, so changing it would split databases in two.
const RELEASED: Readonly<Record<string, string>> = {
  "0000_init": "567e6960ccf906c9e540d8606380d8a44ac44d6f53e2176df09ebe7203034950",
  "0001_matches": "a2e137dabc3205dd30cc84d877c190d4ac2030039c5f0cc1f1be78c92de39ec5",
  "0002_matching": "40eb16cc05ccb7006033583a399e523778448dd5a618d36889d5336922d0ff34",
  "0003_consent": "e45786e6acb93e2d1caffd0a15cc35e586ef1703fb423447bf4fe64c1c9e963d",
  "0004_match-points": "0f4be0a499572f207db4c806c316877cbe31ff21240cdfb4759224bf39e76309",
  "0005_preliminary-candidates": "282cd77487b6505d411a71067c06bb554d8d23f20013822350b9cc6be46487bb",
  "0006_rate-limits": "3157fc740c2604d441d2bb1d854dc969a687f29194f11c1b1fe453b3f08c540e",
  "0007_botcheck-solutions": "ed677be94e9aae927ef7b00508683c7cc6a74b6f31b47bf56ecffc4681b0f821",
  "0008_no-superuser-extensions": "7c81bf7a311a9a0e1d8f9e5ed04c07dedb7785e56abf199f14633fb0ae25f307",
  "0009_analytics-salts": "c3c86b351f34dd8ad6f24d45af291b0f489eedd3bf6f58c44517bf9321688d44",
  "0010_search-limits": "fb5c3a089fd93fcb6e84a7667fe5b7dfa031d9685070d3a58996cc5a897705e7",
  "0011_match-summary": "8cbbd8f9e29e4e301be7bc0d322f8c46799054c4859b2f0d581bb8f100dbf070",
  "0012_match-outcomes": "f9029c5a8a263194771689a2a1386e6d615f764b10a32989c86412f59e046ce7",
  "0013_trust-and-safety": "e582401f7693167cf0340625fb741bc3bc385d76be436de8f833b98dcee8f4fe",
  "0014_duplicate-photos": "65691fc6868465c6635def93c505c8abd8883f096c1345e5771991f4425d4a9d",
  "0015_hidden-searchers-find-nobody": "b1873b3b2630973dc012367797a0c8c4eb5b372fd402174e14f8a65cc4c59cd2",
};

describe("the released migrations", () => {
  it("are unchanged, and the database recorded each as it is", async () => {
    const applied = await test.pool.query<{ hash: string }>(
      "select hash from drizzle.__drizzle_migrations order by id",
    );
    const hashes = applied.rows.map((row) => row.hash);
    Object.entries(RELEASED).forEach(([tag, released], index) => {
      const now = createHash("sha256")
        .update(readFileSync(path.join(migrationsDir, `${tag}.sql`), "utf8"))
        .digest("hex");
      expect(now, `${tag}.sql changed after its release: write a new migration instead`).toBe(released);
      expect(hashes[index], tag).toBe(released);
    });
  });
});
