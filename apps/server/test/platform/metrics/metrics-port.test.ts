import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../support/helpers.ts";
import { freePort } from "../../support/own-postgres.ts";
import {
  listeningPorts,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "../../support/server-process.ts";

// `npm start` with METRICS_PORT opens a second port for Prometheus, with the job queue's figures
// read from the shared database; without it, the process listens on its own port and nothing else.

const database = await createTestDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-metrics-port-"));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("METRICS_PORT", () => {
  it("serves the metrics on their own port, job queues included, and nothing of them on the public one", async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({
      databaseUrl: database.url,
      dataDir,
      env: { METRICS_PORT: String(metricsPort), LOG_LEVEL: "info" },
    });
    servers.push(server);
    expect(listeningPorts(server.child.pid!)).toEqual([server.port, metricsPort].sort((a, b) => a - b));
    expect(server.output()).toContain(`Metrics for Prometheus at http://127.0.0.1:${metricsPort}/metrics`);

    await fetch(`${server.base}/api/health/ready`);
    // The retention queues exist once the jobs are registered at start; wait for them.
    let text = "";
    for (let tries = 0; !text.includes('queue="retention-purge-traffic-logs"'); tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      text = await response.text();
      if (tries > 150) throw new Error(`no queue figures:\n${text}`);
    }
    expect(text).toMatch(/^samsweb_job_queue_jobs\{queue="retention-purge-traffic-logs",state="waiting"\} \d+$/m);
    expect(text).toMatch(/^samsweb_job_queue_oldest_waiting_seconds\{queue="mail-retry"\} [\d.]+$/m);
    expect(text).toMatch(
      /^samsweb_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/ready",status_class="2xx"\} \d+$/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).not.toContain("__pgboss__");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    expect((await fetch(`${server.base}/api/metrics`)).status).toBe(404);
    expect(await stopServerProcess(server)).toBe(0);
  }, 120_000);

  it("unset, the process opens no port but its own and serves no metrics", async () => {
    const server = await startServerProcess({ databaseUrl: database.url, dataDir, env: { LOG_LEVEL: "info" } });
    servers.push(server);
    expect(listeningPorts(server.child.pid!)).toEqual([server.port]);
    expect(server.output()).not.toContain("Metrics for Prometheus");
    expect((await fetch(`${server.base}/api/metrics`)).status).toBe(404);
    expect(await stopServerProcess(server)).toBe(0);
  }, 120_000);
});
