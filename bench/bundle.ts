// What the first page's main chunk holds: builds the web app once more (into a temporary folder)
// with rollup-plugin-visualizer, writes its treemap of every chunk to bench/bundle/treemap.html
// (open it in a browser; not committed), and prints, for the entry chunk that `/` loads first, its
// size by origin (each npm package, each domain and web folder), largest first, as each module is
// rendered into the chunk before minification and as brotli. The latest printout and what it
// shows: bench/bundle/entry-chunk.md.
//
//   node --import tsx bench/bundle.ts
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { visualizer } from "rollup-plugin-visualizer";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const webRoot = path.join(root, "apps/web");

interface VisualizerData {
  nodeParts: Record<string, { renderedLength: number; brotliLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** Where a module comes from: an npm package, or a folder of the domain package or the web app. */
function origin(moduleId: string): string {
  const inPackage = moduleId.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1] as string;
  const inRepository = moduleId.match(/(packages\/domain\/src\/[^/]+|apps\/web\/src\/(?:features\/)?[^/]+)/);
  return inRepository ? (inRepository[1] as string) : moduleId.replace(/^\0/, "(virtual) ");
}

const outDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bundle-"));
const dataFile = path.join(outDir, "visualizer.json");
try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
    plugins: [
      visualizer({ filename: path.join(import.meta.dirname, "bundle/treemap.html"), template: "treemap" }),
      visualizer({ filename: dataFile, template: "raw-data", brotliSize: true }),
    ],
  });
  const data = JSON.parse(await readFile(dataFile, "utf8")) as VisualizerData;
  const byChunk = new Map<string, Map<string, { rendered: number; brotli: number }>>();
  for (const meta of Object.values(data.nodeMetas)) {
    for (const [chunk, partUid] of Object.entries(meta.moduleParts)) {
      const part = data.nodeParts[partUid];
      if (!part) continue;
      const groups = byChunk.get(chunk) ?? new Map<string, { rendered: number; brotli: number }>();
      const group = groups.get(origin(meta.id)) ?? { rendered: 0, brotli: 0 };
      group.rendered += part.renderedLength;
      group.brotli += part.brotliLength;
      groups.set(origin(meta.id), group);
      byChunk.set(chunk, groups);
    }
  }
  const entry = [...byChunk.keys()].find((chunk) => /^assets\/index-[^/]+\.js$/.test(chunk));
  if (!entry) throw new Error("no entry chunk (assets/index-*.js) in the build");
  const groups = [...(byChunk.get(entry) ?? new Map()).entries()].sort((a, b) => b[1].rendered - a[1].rendered);
  const total = groups.reduce(
    (sum, [, group]) => ({ rendered: sum.rendered + group.rendered, brotli: sum.brotli + group.brotli }),
    { rendered: 0, brotli: 0 },
  );
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `entry chunk ${entry}: ${kb(total.rendered)} KB before minification, ${kb(total.brotli)} KB brotli (per module, summed)`,
  );
  console.log("| origin | before minification, KB | brotli KB | share |");
  console.log("|---|---|---|---|");
  for (const [name, group] of groups) {
    if (group.rendered < 512) continue;
    console.log(
      `| ${name} | ${kb(group.rendered)} | ${kb(group.brotli)} | ${((100 * group.rendered) / total.rendered).toFixed(0)}% |`,
    );
  }
  console.log(`\n${byChunk.size} chunks in all; treemap: bench/bundle/treemap.html`);
} finally {
  await rm(outDir, { recursive: true, force: true });
}
