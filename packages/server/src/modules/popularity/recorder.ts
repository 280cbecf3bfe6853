import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Where purchases raise an image's popularity: adding it to a cart, and ordering it. Callers
 * never wait on the search index: `record` only notes the bump; the recorder writes bumps
 * to the database in batches (see `flush`), and the search index follows those writes.
 */
export interface PopularityRecorder {
  /** Notes that `imageId` became `by` more popular (an add to cart: 1; an order: its quantity). */
  record(imageId: number, by: number): void;
  /** Writes every noted bump now (tests, and shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL integer bounds: popularity and ids are `integer`. */
const MAX_INT = 2_147_483_647;

export interface BatchingRecorderOptions {
  /** How often noted bumps are written (ms). */
  intervalMs?: number;
  /**
   * Images kept waiting at most: a bump for another image beyond it is dropped (counted in
   * `stats.dropped`) while writes fail, so that memory stays bounded.
   */
  maxPending?: number;
  /** Told of a failed write (the bumps are kept for the next one). */
  onError?: (error: unknown) => void;
}

export interface BatchingPopularityRecorder extends PopularityRecorder {
  readonly stats: {
    /** Statements written. */
    writes: number;
    /** Bumps noted. */
    recorded: number;
    /** Bumps dropped (pending full while writes failed, or a bad id/amount). */
    dropped: number;
    failures: number;
  };
  /** Images with bumps waiting. */
  readonly pending: number;
}

/**
 * Bumps add up in memory per image and are written every `intervalMs` in one statement
 * (`UPDATE … FROM unnest(ids, bys)`): a thousand adds to cart of one image are one row
 * changed once, and the search index (which follows the writes) takes a second's changes
 * as one batch. A failed write keeps its bumps for the next try; the timer never keeps the
 * process alive; `close` writes what is left.
 */
export function createBatchingPopularityRecorder(
  db: Kysely<DB>,
  options: BatchingRecorderOptions = {},
): BatchingPopularityRecorder {
  const intervalMs = Math.max(1, options.intervalMs ?? 1000);
  const maxPending = Math.max(1, options.maxPending ?? 100_000);
  let pending = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  /** The write under way, if any: writes never overlap (a flush waits for it, then writes). */
  let writing: Promise<void> | null = null;
  let closed = false;
  const stats = { writes: 0, recorded: 0, dropped: 0, failures: 0 };

  const schedule = () => {
    if (timer || closed || pending.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void write();
    }, intervalMs);
    timer.unref();
  };

  /** Puts bumps back after a failed write (added to any noted since), within the bound. */
  const restore = (batch: Map<number, number>) => {
    for (const [id, by] of batch) {
      const known = pending.get(id);
      if (known !== undefined) pending.set(id, Math.min(MAX_INT, known + by));
      else if (pending.size < maxPending) pending.set(id, by);
      else stats.dropped += by;
    }
  };

  const writeOnce = async (): Promise<void> => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()].sort((a, b) => a - b); // one lock order for every writer
    const bys = ids.map((id) => batch.get(id) as number);
    try {
      await sql`UPDATE images SET popularity = LEAST(${MAX_INT}::bigint,
          images.popularity::bigint + v.by)::int
        FROM unnest(${ids}::int[], ${bys}::int[]) AS v(id, by)
        WHERE images.id = v.id`.execute(db);
      stats.writes += 1;
    } catch (error) {
      stats.failures += 1;
      restore(batch);
      options.onError?.(error);
    }
  };

  const write = (): Promise<void> => {
    const run = (writing ?? Promise.resolve()).then(writeOnce).finally(() => {
      if (writing === run) writing = null;
      schedule();
    });
    writing = run;
    return run;
  };

  return {
    record(imageId, by) {
      if (
        !Number.isInteger(imageId) ||
        imageId < 1 ||
        imageId > MAX_INT ||
        !Number.isInteger(by) ||
        by <= 0
      ) {
        stats.dropped += 1;
        return;
      }
      stats.recorded += 1;
      const known = pending.get(imageId);
      if (known !== undefined) pending.set(imageId, Math.min(MAX_INT, known + by));
      else if (pending.size < maxPending) pending.set(imageId, Math.min(MAX_INT, by));
      else {
        stats.dropped += by;
        return;
      }
      schedule();
    },
    async flush() {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await write();
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await write();
    },
    stats,
    get pending() {
      return pending.size;
    },
  };
}
