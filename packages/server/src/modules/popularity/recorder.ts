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

/** The simplest recorder: one UPDATE per bump, written at once. */
export function createImmediatePopularityRecorder(db: Kysely<DB>): PopularityRecorder {
  const pending = new Set<Promise<unknown>>();
  return {
    record(imageId, by) {
      const write = sql`UPDATE images SET popularity = popularity + ${by} WHERE id = ${imageId}`
        .execute(db)
        .catch(() => undefined)
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
    },
  };
}
