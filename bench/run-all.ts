// `npm run bench`: every benchmark in turn. Figures and what they mean: bench/README.md.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const only = process.argv[2];
const benches = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith(".ts") && !["lib.ts", "run-all.ts"].includes(file))
  .filter((file) => !only || file.startsWith(only));
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync("node", ["--import", "tsx", path.join(import.meta.dirname, file)], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = 1;
}
