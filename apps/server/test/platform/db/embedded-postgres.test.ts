import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../../src/platform/db/embedded-postgres.ts";
import { freePort } from "../../support/own-postgres.ts";

// The embedded database as an operator meets it: a process killed with -9, a database that
// dies under the server, a port another program holds.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-embedded-"));
  dirs.push(dir);
  return dir;
}

async function postmasterPid(dir: string): Promise<number> {
  return Number((await readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits for `condition`, checking every 200 ms; fails after `ms`. */
async function until(condition: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe("the embedded PostgreSQL", () => {
  it("is started again by the server when it dies under it", async () => {
    const dir = await dataDir();
    const db = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: "sams_web" });
    try {
      expect(await answers(db.url)).toBe(true);
      const first = await postmasterPid(dir);
      process.kill(first, "SIGKILL");
      await until(() => !alive(first), 10_000, "the killed server to go");
      await until(
        async () => (await postmasterPid(dir).catch(() => first)) !== first && (await answers(db.url)),
        90_000,
        "a new server",
      );
    } finally {
      await db.stop();
    }
  }, 120_000);

  it("a server left running by a run killed with -9 is stopped, and a new one starts on the same data", async () => {
    const dir = await dataDir();
    const port = await freePort();
    const module = path.resolve(import.meta.dirname, "../../../src/platform/db/embedded-postgres.ts");
    // Another process starts the server and is then killed with -9, leaving its server behind.
    const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dir)}, port: ${port}, database: "sams_web" });
      console.log("ready");
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.once("exit", (code) => reject(new Error(`the first run exited with ${code}`)));
    });
    const leftover = await postmasterPid(dir);
    child.kill("SIGKILL");
    await until(() => child.exitCode !== null || child.signalCode !== null, 10_000, "the first run to die");
    expect(alive(leftover)).toBe(true);

    const db = await startEmbeddedPostgres({ dataDir: dir, port, database: "sams_web" });
    try {
      expect(alive(leftover)).toBe(false);
      expect(await answers(db.url)).toBe(true);
    } finally {
      await db.stop();
    }
  }, 120_000);

  it("a port held by another program: a sentence that names EMBEDDED_PG_PORT", async () => {
    const holder = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    try {
      await expect(startEmbeddedPostgres({ dataDir: await dataDir(), port, database: "sams_web" })).rejects.toThrow(
        /Port \d+ is in use by another program.*EMBEDDED_PG_PORT/,
      );
    } finally {
      holder.close();
    }
  });
});
