import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A durable job queue in the database (migration 0030; docs/adr/0030-job-queue.md says why
 * not pg-boss or graphile-worker). A job is a row: it survives a restart, and any process
 * on the same database may run it. A worker claims one due job at a time with
 * `FOR UPDATE SKIP LOCKED` and a lease; a job whose lease ran out (its process died
 * mid-way) is due again. A failure is retried with exponential backoff until the job's
 * `max_attempts`, the reason kept in `last_error`; a PermanentJobError fails it at once.
 */

export interface Job<P = unknown> {
  id: string;
  queue: string;
  payload: P;
  /** This run's attempt, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler<P = unknown> {
  run(job: Job<P>): Promise<void>;
  /** Called once when the job has failed for good (the last attempt, or a permanent error). */
  failed?(job: Job<P>, reason: string): Promise<void>;
}

/** A failure that another attempt cannot mend (the input is wrong): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (an enqueue here wakes it at once). */
  pollMs?: number;
  /** How long a claimed job is its worker's; past it, another worker may take it over. */
  leaseMs?: number;
  /** The first retry's delay; each further retry waits twice as long (at most an hour). */
  backoffMs?: number;
  /** Logs a failed attempt (the row keeps the reason too). */
  onError?: (job: Job, error: unknown) => void;
}

export interface JobQueue {
  register<P>(queue: string, handler: JobHandler<P>): void;
  /** Adds a job; `db` may be a transaction, so that the job exists only if it commits. */
  enqueue(queue: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /**
   * Runs due jobs of the registered queues until none is due and none is running here;
   * answers how many this call ran.
   */
  drain(): Promise<number>;
  /** Wakes an idle worker (after a transaction that enqueued jobs committed). */
  poke(): void;
  /** Starts the worker loop (idempotent). */
  start(): void;
  /** Stops the loop and waits for the job in hand. */
  stop(): Promise<void>;
}

interface EnqueueOptions {
  db?: Kysely<DB>;
  maxAttempts?: number;
  /** Not before this time. */
  runAt?: Date;
}

const HOUR_MS = 3_600_000;

/** The delay before attempt `attempt + 1`: backoffMs · 2^(attempt−1), at most an hour. */
export const retryDelayMs = (attempt: number, backoffMs: number): number =>
  Math.min(HOUR_MS, backoffMs * 2 ** Math.max(0, attempt - 1));

const reasonOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || 'failed without a message';
};

export function createJobQueue(db: Kysely<DB>, options: JobQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 2000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const backoffMs = options.backoffMs ?? 5000;
  const handlers = new Map<string, JobHandler<never>>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const claim = async (): Promise<Job | null> => {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return null;
    const { rows } = await sql<{
      id: string;
      queue: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>`
      UPDATE jobs SET state = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = (
        SELECT id FROM jobs
        WHERE queue IN (${sql.join(queues)})
          AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING id::text AS id, queue, payload, attempts, max_attempts`.execute(db);
    const row = rows[0];
    if (!row) return null;
    const payload =
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload;
    return {
      id: String(row.id),
      queue: row.queue,
      payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
  };

  /** Claims under way and claimed jobs being run, so that drain can wait for the loop's. */
  const claiming = new Set<Promise<Job | null>>();
  const inFlight = new Set<Promise<void>>();
  const runOne = async (): Promise<boolean> => {
    const claimed = claim();
    claiming.add(claimed);
    const job = await claimed.finally(() => claiming.delete(claimed));
    if (!job) return false;
    const run = runJob(job);
    inFlight.add(run);
    await run.finally(() => inFlight.delete(run));
    return true;
  };

  const runJob = async (job: Job): Promise<void> => {
    const handler = handlers.get(job.queue) as JobHandler<unknown>;
    try {
      await handler.run(job);
      await db
        .updateTable('jobs')
        .set({ state: 'done', finished: new Date(), locked_until: null, last_error: null })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      options.onError?.(job, error);
      const reason = reasonOf(error);
      const final = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      await db
        .updateTable('jobs')
        .set(
          final
            ? { state: 'failed', finished: new Date(), locked_until: null, last_error: reason }
            : {
                state: 'queued',
                locked_until: null,
                last_error: reason,
                run_at: new Date(Date.now() + retryDelayMs(job.attempt, backoffMs)),
              },
        )
        .where('id', '=', job.id)
        .execute();
      if (final) await handler.failed?.(job, reason);
    }
  };

  /** Runs due jobs until none is left; answers how many it ran. */
  const runDue = async (): Promise<number> => {
    let count = 0;
    while (await runOne()) count += 1;
    return count;
  };

  // Only drain waits for the loop, never the loop for anyone: two waiters would wait on each
  // other's empty claims for ever.
  const drain = async (): Promise<number> => {
    let count = 0;
    for (;;) {
      count += await runDue();
      const others = [...claiming, ...inFlight];
      if (others.length === 0) return count;
      await Promise.allSettled(others);
    }
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, pollMs);
      timer.unref?.();
    }).finally(() => {
      if (timer) clearTimeout(timer);
      timer = null;
      wake = null;
    });

  const work = async (): Promise<void> => {
    while (running) {
      try {
        await runDue();
      } catch (error) {
        // The database itself failed (a restart, a dropped connection): try again later.
        options.onError?.({ id: '', queue: '', payload: null, attempt: 0, maxAttempts: 0 }, error);
      }
      if (running) await sleep();
    }
  };

  return {
    register(queue, handler) {
      handlers.set(queue, handler as JobHandler<never>);
    },
    async enqueue(queue, payload, enqueueOptions = {}) {
      const row = await (enqueueOptions.db ?? db)
        .insertInto('jobs')
        .values({
          queue,
          payload: JSON.stringify(payload),
          ...(enqueueOptions.maxAttempts ? { max_attempts: enqueueOptions.maxAttempts } : {}),
          ...(enqueueOptions.runAt ? { run_at: enqueueOptions.runAt } : {}),
        })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      if (!enqueueOptions.db) wake?.();
      return row.id;
    },
    drain,
    poke() {
      wake?.();
    },
    start() {
      if (running) return;
      running = true;
      loop = work();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
