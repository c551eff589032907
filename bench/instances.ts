// Server processes for the benchmarks, as `npm start` runs them (node --import tsx
// apps/server/src/main.ts), each on a free port, and a signed-up person's session cookie.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import { freePort } from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface Instance {
  child: ChildProcess;
  /** Where the benchmark's own requests go. */
  base: string;
  /** The address the instance believes it is served at (PUBLIC_URL): a browser goes here. */
  publicUrl: string;
  exited: Promise<number | null>;
  /** Stops the server (SIGINT, as a terminal would) and waits until it has exited. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Go to node itself, before the server (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /**
   * The repository whose server runs: this one (the default), or another checkout with its
   * dependencies installed (a baseline to compare with).
   */
  checkout?: string;
  /**
   * How long to wait for `/api/health` before giving up. A first start of the embedded Postgres
   * (initdb, then the migrations) has taken minutes on a busy machine, so the default is generous:
   * a server that is merely slow is waited for, one that exits is reported at once.
   */
  startupLimitMs?: number;
}

/** How long startInstance waits for a server's health check by default: 10 minutes. */
const DEFAULT_STARTUP_LIMIT_MS = 600_000;

/**
 * Starts a server on `env.PORT` (a free port when not given) and resolves once `/api/health`
 * answers 200. The server's errors go to this process's stderr.
 */
export async function startInstance(
  env: Record<string, string>,
  { nodeArgs = [], checkout = root, startupLimitMs = DEFAULT_STARTUP_LIMIT_MS }: StartOptions = {},
): Promise<Instance> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      LOG_LEVEL: "error",
      BOTCHECK_MAX_NUMBER: "1",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    await exited;
  };
  const deadline = Date.now() + startupLimitMs;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return { child, base, publicUrl, exited, stop };
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server of ${checkout} on port ${port} exited (${child.signalCode ?? `code ${child.exitCode}`}) before ${base}/api/health answered; its errors are above`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server of ${checkout} on port ${port} did not answer ${base}/api/health within ${Math.round(startupLimitMs / 1000)} s; it was stopped (a slower machine may need a larger startupLimitMs)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function signUp(base: string, email: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/botcheck/challenge`)).json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base.replace("127.0.0.1", "localhost"),
      "x-botcheck": Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString("base64"),
    },
    body: JSON.stringify({ email, password: "violet-harbor-42-lantern", name: "Bench" }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
