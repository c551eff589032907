#!/usr/bin/env node
// `npm start`: builds the web app only when its build is missing or older than any of its sources
// (a newcomer never runs stale code, and a second start is ready in seconds), then starts the
// server in this process's place.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtPage = path.join(root, "apps/web/dist/index.html");

// Everything the build reads: the web app, the domain package it bundles, and the lockfile.
const SOURCES = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "apps/web/tsconfig.json",
  "packages/domain/src",
  "packages/domain/package.json",
  "package-lock.json",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  let stats;
  try {
    stats = statSync(full);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(full, { recursive: true })) {
    newest = Math.max(newest, statSync(path.join(full, String(name))).mtimeMs);
  }
  return newest;
}

function builtAt() {
  try {
    return statSync(builtPage).mtimeMs;
  } catch {
    return null;
  }
}

const built = builtAt();
const sourcesChanged = Math.max(...SOURCES.map(newestChange));
if (built === null || built < sourcesChanged) {
  console.log(
    built === null ? "Building the web app …" : "The web app's sources changed since its build: building it again …",
  );
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log("The web app's build is up to date.");
}

// The server, started directly as our child (not through `npm run`, whose shell would keep the
// signals from it), with the signals a process manager sends passed on: it drains and stops its
// database itself, and its exit code becomes ours.
const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
  cwd: path.join(root, "apps/server"),
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
