import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgBossJobs, type Jobs } from "../../../src/platform/jobs/jobs.ts";
import { createTestDatabase, type TestDatabase } from "../../support/helpers.ts";

// A worker that fetches several jobs at a time (the notifications' deliveries, Sam's searches) runs
// them at most `concurrency` at once, and a job that fails is failed alone: the rest of its batch
// completes, and only the failed one is retried.

let database: TestDatabase;
let jobs: Jobs;
beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await createPgBossJobs({ connectionString: database.url, stopTimeoutMs: 5_000 });
});
afterAll(async () => {
  await jobs.stop();
  await database.drop();
});

/** Resolves once `done()` holds, checking as the jobs' states change in the database. */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function states(queue: string): Promise<Map<string, { state: string; retries: number }>> {
  const { rows } = await database.pool.query<{ key: string; state: string; retry_count: number }>(
    "select data->>'key' as key, state, retry_count from pgboss.job where name = $1",
    [queue],
  );
  return new Map(rows.map((row) => [row.key, { state: row.state, retries: row.retry_count }]));
}

describe("a batch of jobs", () => {
  it("runs at most `concurrency` at once, and a failing job fails alone and is retried", async () => {
    const queue = "test-batch";
    const keys = ["a", "b", "broken", "c", "d", "e"];
    // Queued before any worker looks, so its first fetch takes them all as one batch.
    const sender = new PgBoss({ connectionString: database.url, supervise: false, schedule: false });
    await sender.start();
    // A job takes its retries from its queue when it is queued.
    await sender.createQueue(queue, { name: queue, retryLimit: 1, retryDelay: 1 });
    await sender.insert(keys.map((key) => ({ name: queue, data: { key } })));
    await sender.stop({ graceful: false, wait: true });

    const runs: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    await jobs.work<{ key: string }>(
      queue,
      async ({ key }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        runs.push(key);
        // Yields to the other jobs of the batch, so any that may run at the same time do.
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        if (key === "broken") throw new Error("this job always fails");
      },
      { batchSize: 6, concurrency: 2, retryLimit: 1, retryDelaySeconds: 1 },
    );

    await until(async () => (await states(queue)).get("broken")?.state === "failed");
    const final = await states(queue);
    for (const key of keys.filter((key) => key !== "broken")) {
      expect(final.get(key)).toEqual({ state: "completed", retries: 0 });
    }
    expect(final.get("broken")?.retries).toBe(1);
    // Each good job ran once; the broken one ran, then once more on its retry.
    expect(runs.filter((key) => key !== "broken").sort()).toEqual(["a", "b", "c", "d", "e"]);
    expect(runs.filter((key) => key === "broken")).toHaveLength(2);
    expect(mostAtOnce).toBe(2);
  });
});
