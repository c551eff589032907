import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

export interface QueueState {
  queue: string;
  /** Jobs that may run now and wait for a worker. */
  waiting: number;
  /** Jobs due later (a retry's delay, a mail tried again in 5 minutes, a search's check-up). */
  scheduled: number;
  active: number;
  /** Seconds the longest-waiting runnable job has waited since it became due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * Every queue of ours in the shared job queue (pg-boss, schema pgboss; not its own internal ones)
 * and its jobs by state, read from
 * the database: the same figures from every instance. Empty when the queue's schema does not exist
 * (an app built without pg-boss, as in tests).
 */
export async function queueStates(db: Database): Promise<QueueState[]> {
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!exists.rows[0]?.present) return [];
  const result = await db.execute<{
    queue: string;
    waiting: string;
    scheduled: string;
    active: string;
    oldest: string | null;
  }>(sql`
    select q.name as queue,
      count(j.id) filter (where j.state < 'active' and j.start_after <= now()) as waiting,
      count(j.id) filter (where j.state < 'active' and j.start_after > now()) as scheduled,
      count(j.id) filter (where j.state = 'active') as active,
      extract(epoch from now() - min(j.start_after) filter (where j.state < 'active' and j.start_after <= now())) as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state < 'completed'
    where q.name not like '\_\_pgboss\_\_%'
    group by q.name
    order by q.name`);
  return result.rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    scheduled: Number(row.scheduled),
    active: Number(row.active),
    oldestWaitingSeconds: row.oldest === null ? 0 : Math.max(0, Number(row.oldest)),
  }));
}
