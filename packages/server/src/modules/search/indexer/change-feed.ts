import type { Database } from '../../../db/client';

/** The channel migration 0008's triggers notify on when images or artists change. */
export const SEARCH_CHANNEL = 'atelier_search';

/**
 * The search index's change count: it moves with every notification on SEARCH_CHANNEL,
 * which every statement changing images or artists sends at its commit (migration 0008),
 * and is -1 while nobody listens (then a catch-up must look). An unchanged count means
 * nothing the index follows has changed, so index-sync.ts skips its catch-up query.
 *
 * A write of this process has moved it before the write is reported done (Database#listen),
 * so a client's acknowledged write is in its next search; another process's, as soon as its
 * notification arrives (a fraction of a millisecond after its commit).
 */
export function searchChangeCount(database: Pick<Database, 'listen'>): () => number {
  let count = 0;
  const listening = database.listen(SEARCH_CHANNEL, () => {
    count += 1;
  });
  return () => (listening.active ? count : -1);
}
