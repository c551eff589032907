// Cold start (first run: initdb, migrations, ZIP table) and warm start (data reused) of
// `node apps/server/src/main.ts` until /api/health answers 200, next to a baseline measured in
// the same run: the same Node + tsx starting a file that only listens and answers. Then `npm start`
// itself, warm: with its web build up to date (no rebuild), and after a source file changed (it
// rebuilds), next to the web build alone, which `npm start` used to run on every start.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");

async function timeUntilHealthy(
  args: string[],
  env: Record<string, string>,
  port: number,
  command = "node",
): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error("no healthy answer within 180 s");
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill("SIGINT");
    await new Promise((r) => child.once("exit", r));
  }
}

export async function measureStartup(): Promise<{
  baseline: number;
  cold: number;
  warm: number;
  npmStartUpToDate: number;
  npmStartAfterChange: number;
  webBuild: number;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-start-"));
  const baselineFile = path.join(dataDir, "baseline.ts");
  await writeFile(
    baselineFile,
    `import { createServer } from "node:http";\ncreateServer((_q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1");\n`,
  );
  try {
    const baseline = await timeUntilHealthy(["--import", "tsx", baselineFile], {}, await freePort());
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: "warn" };
    const cold = await timeUntilHealthy(["--import", "tsx", "apps/server/src/main.ts"], env, await freePort());
    const warm = await timeUntilHealthy(["--import", "tsx", "apps/server/src/main.ts"], env, await freePort());
    const buildStarted = performance.now();
    if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" }).status !== 0)
      throw new Error("build failed");
    const webBuild = (performance.now() - buildStarted) / 1000;
    const npmStartUpToDate = await timeUntilHealthy(["scripts/start.mjs"], env, await freePort());
    const now = new Date();
    await utimes(path.join(root, "apps/web/src/main.tsx"), now, now);
    const npmStartAfterChange = await timeUntilHealthy(["scripts/start.mjs"], env, await freePort());
    return { baseline, cold, warm, npmStartUpToDate, npmStartAfterChange, webBuild };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("startup.ts")) {
  const { baseline, cold, warm, npmStartUpToDate, npmStartAfterChange, webBuild } = await measureStartup();
  console.log(`baseline (node + tsx, bare HTTP server): ${baseline.toFixed(2)} s`);
  console.log(
    `cold start (initdb, migrations, ZIP table): ${cold.toFixed(2)} s = ${(cold / baseline).toFixed(1)}× baseline`,
  );
  console.log(`warm start (data reused): ${warm.toFixed(2)} s = ${(warm / baseline).toFixed(1)}× baseline`);
  console.log(
    `npm start, warm, build up to date: ${npmStartUpToDate.toFixed(2)} s = ${(npmStartUpToDate / baseline).toFixed(1)}× baseline`,
  );
  console.log(
    `npm start, warm, after a source change (rebuilds): ${npmStartAfterChange.toFixed(2)} s = ${(npmStartAfterChange / baseline).toFixed(1)}× baseline`,
  );
  console.log(
    `the web build alone (every start paid it before): ${webBuild.toFixed(2)} s = ${(webBuild / baseline).toFixed(1)}× baseline`,
  );
}
