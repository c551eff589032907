import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { freePort } from "./own-postgres.ts";

// The real server as `npm start` runs it (node --import tsx apps/server/src/main.ts), on an outside
// database (DATABASE_URL), for tests of what only a whole process shows: signals, extra ports,
// tracing loaded before anything else.

const root = path.resolve(import.meta.dirname, "../../../..");

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  port: number;
  /** Everything the process wrote so far. */
  output(): string;
}

/** Starts the server and waits until /api/health answers 200 (or fails with the process's output). */
export async function startServerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  // A free port is only free when asked: one the caller already took for another of the
  // server's ports (METRICS_PORT) can come back, so ask again until it differs.
  let port = await freePort();
  while (Object.values(options.env ?? {}).includes(String(port))) port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: path.join(options.dataDir, "no-web-build"),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      BOTCHECK_MAX_NUMBER: "20",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, port, output: () => output };
}

/** Stops a server process with SIGTERM and waits for it to exit. */
export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
  server.child.kill("SIGTERM");
  return exited;
}

/** The TCP ports a process listens on (Linux: its socket descriptors matched against /proc/net/tcp*). */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed meanwhile.
    }
  }
  const ports = new Set<number>();
  for (const table of ["tcp", "tcp6"]) {
    const lines = readFileSync(`/proc/${pid}/net/${table}`, "utf8").trim().split("\n").slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the tenth field.
      const [, local = "", , state, , , , , , inode = ""] = fields;
      if (state === "0A" && inodes.has(inode)) ports.add(Number.parseInt(local.split(":")[1] ?? "", 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
