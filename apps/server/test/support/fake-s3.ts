import { spawn } from "node:child_process";
import path from "node:path";
import type { S3Options } from "../../src/platform/storage/s3-driver.ts";

// A fake S3 server (s3rver, see fake-s3-process.ts) in a child process, speaking the real protocol
// over HTTP, truncated listings and continuation tokens included.

export interface FakeS3 {
  endpoint: string;
  /** What createS3Storage needs to reach `bucket`. */
  storageOptions(bucket: string): S3Options;
  /** The S3_* settings that point the app at `bucket`. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../../../..");
const script = path.join(import.meta.dirname, "fake-s3-process.ts");

/**
 * Starts the server with `buckets` in `directory` and waits until it answers. With
 * `maxKeysPerPage`, every listing answers at most that many keys a page, whatever was asked.
 */
export async function startFakeS3(options: {
  directory: string;
  buckets: string[];
  maxKeysPerPage?: number;
}): Promise<FakeS3> {
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", "--import", "tsx", script, JSON.stringify(options)],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      output += String(chunk);
    });
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
      const line = /^\{"port":(\d+)\}$/m.exec(output);
      if (line) resolve(Number(line[1]));
    });
    child.once("exit", (code) => reject(new Error(`the fake S3 server exited with ${code}:\n${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storageOptions: (bucket) => ({
      bucket,
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    }),
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
