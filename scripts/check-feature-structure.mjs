#!/usr/bin/env node
// DESIGN.md: in a server feature, only data.ts (reads) and mutations.ts (writes) touch the
// database. This check fails when any other feature file builds or runs a query.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const featuresDir = path.resolve(import.meta.dirname, "../apps/server/src/features");
const DATABASE_FILES = /(^|[-/])(data|mutations)\.ts$/;
const TOUCHES_DATABASE = [
  /from\s+"drizzle-orm(\/[^"]*)?"/,
  /\b(db|tx)\s*\.\s*(select|insert|update|delete|execute|transaction|query)\b/,
];

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield full;
  }
}

const offenders = [];
for (const file of walk(featuresDir)) {
  if (DATABASE_FILES.test(path.basename(file))) continue;
  const source = readFileSync(file, "utf8");
  if (TOUCHES_DATABASE.some((pattern) => pattern.test(source))) offenders.push(path.relative(process.cwd(), file));
}

if (offenders.length > 0) {
  console.error("These feature files touch the database; move the queries into data.ts or mutations.ts:");
  for (const file of offenders) console.error(`  ${file}`);
  process.exit(1);
}
console.log("feature structure: only data.ts and mutations.ts touch the database");
