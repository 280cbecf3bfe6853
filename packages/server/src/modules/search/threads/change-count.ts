import type { Database } from '../../../db/client';
import { SEARCH_CHANNEL } from '../indexer/change-feed';

/**
 * The search change count (indexer/change-feed.ts) in shared memory, for search threads:
 * the main thread moves it on every notification of SEARCH_CHANNEL, before the statement
 * that sent it is reported done (Database#listen), so a thread reads it synchronously on its
 * next search and sees every write this process has acknowledged. -1 while nobody listens
 * (then every catch-up queries), as in the main thread.
 */
export function sharedSearchChangeCount(database: Pick<Database, 'listen'>): {
  buffer: SharedArrayBuffer;
  close(): void;
} {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const view = new Int32Array(buffer);
  Atomics.store(view, 0, -1);
  let count = 0;
  const listening = database.listen(SEARCH_CHANNEL, () => {
    // Never negative: -1 means "not listening". 2^31 notifications between two searches of
    // a thread cannot happen.
    count = count === 0x7fffffff ? 0 : count + 1;
    Atomics.store(view, 0, listening.active ? count : -1);
  });
  return {
    buffer,
    close() {
      listening.close();
      Atomics.store(view, 0, -1);
    },
  };
}

/** In a search thread: the change count as the indexer reads it. */
export function readSearchChangeCount(buffer: SharedArrayBuffer): () => number {
  const view = new Int32Array(buffer);
  return () => Atomics.load(view, 0);
}
