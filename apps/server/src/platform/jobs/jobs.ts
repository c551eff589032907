import pLimit from "p-limit";
import PgBoss from "pg-boss";
import { withMigrationLock } from "../../db/migration-lock.ts";
import { inSpan } from "../telemetry/spans.ts";

// Durable background jobs for the whole server, on pg-boss 10 in the same database.
//
// pg-boss 10 has no heartbeat, so a job that was active when its process died stays "active"
// until it expires; its supervisor then fails it and, with retries left, makes it available
// again. A short expiry (5 minutes by default) is what makes a job lost in a crash run again
// within minutes. The price: a handler must finish (or be split) within its expiry, and every
// handler must be idempotent, because a job may run more than once.

export interface JobOptions {
  /** How long one run may take before it counts as lost and is retried. Default 300 s. */
  expireInSeconds?: number;
  /** Retries after a failure or expiry. Default 5. */
  retryLimit?: number;
  /** Seconds between retries. Default 30. */
  retryDelaySeconds?: number;
  /**
   * "standard" (the default): every job sent runs. "stately": per singletonKey, at most one job
   * waits and one runs at a time; sending another while one waits is a no-op (null), since the
   * waiting one will see whatever the new one was for.
   */
  policy?: "standard" | "stately";
  /** Jobs one worker fetches at a time. Default 1. */
  batchSize?: number;
  /** How many jobs of a fetched batch run at once (the rest wait their turn). Default 1. */
  concurrency?: number;
}

export interface SendOptions {
  /** The job's key for a "stately" queue: one waiting and one running per key (e.g. per person). */
  singletonKey?: string;
  startAfter?: Date;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** What features see: register a handler, schedule it, or queue one run. */
export interface Jobs {
  /** Registers the (idempotent) handler of a queue, creating the queue if needed. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  /**
   * Runs the queue on a cron schedule (UTC, 5 fields). The queue's handler must be registered.
   * With runAtStart, one run is also queued now, so a schedule missed while the server was down
   * catches up (at most one such run per 10 minutes across instances). A "stately" queue's
   * scheduled runs take `singletonKey`, so they wait their turn with the runs sent under it.
   */
  schedule(
    name: string,
    cron: string,
    options?: { data?: object; runAtStart?: boolean; singletonKey?: string },
  ): Promise<void>;
  /** Queues one run; null when a singleton job with that key is already queued. */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  /** Lets running jobs finish (up to the timeout), then stops. */
  stop(): Promise<void>;
}

const DEFAULTS = { expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 30 } as const;

export interface PgBossJobsOptions {
  connectionString: string;
  /** How often the supervisor expires lost jobs and runs schedules; default 60 s. */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
  onError?: (error: Error) => void;
}

export async function createPgBossJobs(options: PgBossJobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    application_name: "sams-web-jobs",
  });
  boss.on("error", (error: Error) => options.onError?.(error));
  await boss.start();

  // pg-boss creates a table per queue (a partition of its job table); creating two at once
  // deadlocks, in one process or across instances started together. So one at a time here, and
  // across instances under the lock the database's migrations take turns with.
  let creating: Promise<unknown> = Promise.resolve();
  const ensureQueue = (name: string, jobOptions: JobOptions = {}) => {
    const next = creating.then(() => createQueue(name, jobOptions));
    creating = next.catch(() => {});
    return next;
  };
  const createQueue = async (name: string, jobOptions: JobOptions) => {
    const queue = {
      name,
      expireInSeconds: jobOptions.expireInSeconds ?? DEFAULTS.expireInSeconds,
      retryLimit: jobOptions.retryLimit ?? DEFAULTS.retryLimit,
      retryDelay: jobOptions.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
      policy: jobOptions.policy ?? "standard",
    };
    // Creating is idempotent; updating applies changed options to a queue made by an older version.
    await withMigrationLock(options.connectionString, async () => {
      await boss.createQueue(name, queue);
      await boss.updateQueue(name, queue);
    });
  };

  return {
    async work(name, handler, jobOptions) {
      await ensureQueue(name, jobOptions);
      await boss.work(name, { batchSize: jobOptions?.batchSize ?? 1 }, async (batch) => {
        // Each run is a trace of its own (when tracing is on), its queries nested under it.
        // A job that fails is failed alone (and retried); the rest of its batch still runs and
        // completes (pg-boss completes, after this returns, the jobs still active).
        const failed: { id: string; error: unknown }[] = [];
        const turn = pLimit(jobOptions?.concurrency ?? 1);
        await Promise.all(
          batch.map((job) =>
            turn(async () => {
              try {
                await inSpan(`job ${name}`, { "job.queue": name, "job.id": job.id }, () => handler(job.data as never));
              } catch (error) {
                failed.push({ id: job.id, error });
              }
            }),
          ),
        );
        if (batch.length === 1 && failed[0]) throw failed[0].error;
        for (const { id, error } of failed) {
          await boss.fail(name, id, { message: error instanceof Error ? error.message : String(error) });
        }
      });
    },
    async schedule(name, cron, scheduleOptions) {
      // A handler registered just before may still be creating its queue.
      await creating;
      const data = scheduleOptions?.data ?? {};
      const singletonKey = scheduleOptions?.singletonKey;
      await boss.schedule(name, cron, data, { tz: "UTC", ...(singletonKey ? { singletonKey } : {}) });
      if (scheduleOptions?.runAtStart) {
        await boss.send(name, data, { singletonKey: singletonKey ?? "start", singletonSeconds: 600 });
      }
    },
    async send(name, data, sendOptions) {
      await creating;
      return boss.send(name, data ?? {}, {
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 20_000 });
    },
  };
}

/**
 * Jobs without a queue, for tests and tools that build the app without starting pg-boss:
 * handlers and schedules are recorded (schedules never fire, start-up runs included), and `send`
 * runs the handler at once, unless it is for later (startAfter in the future): such a job is
 * recorded in `delayed` and, like a schedule, never fires. `run` lets a test call a registered
 * handler directly.
 */
export interface InlineJobs extends Jobs {
  readonly handlers: ReadonlyMap<string, JobHandler<object>>;
  readonly schedules: ReadonlyMap<string, string>;
  readonly delayed: readonly { name: string; data: object; startAfter: Date }[];
  run(name: string, data?: object): Promise<void>;
}

export function createInlineJobs(): InlineJobs {
  const handlers = new Map<string, JobHandler<object>>();
  const schedules = new Map<string, string>();
  const delayed: { name: string; data: object; startAfter: Date }[] = [];
  const run = async (name: string, data: object = {}) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    await handler(data);
  };
  return {
    handlers,
    schedules,
    delayed,
    run,
    async work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async schedule(name, cron) {
      schedules.set(name, cron);
    },
    async send(name, data, sendOptions) {
      if (sendOptions?.startAfter && sendOptions.startAfter.getTime() > Date.now()) {
        delayed.push({ name, data: data ?? {}, startAfter: sendOptions.startAfter });
        return name;
      }
      await run(name, data);
      return name;
    },
    async stop() {},
  };
}
