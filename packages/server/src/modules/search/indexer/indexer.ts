import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { CatalogueIndex } from '../engine/catalogue-index';
import type { EnglishStemmer } from '../engine/english-stem';
import { calibratedStemmer } from '../query/tsquery-text';
import { SearchCards } from './cards';
import { ARTIST_SEARCH, IndexSync, type IndexSyncStats } from './index-sync';

/**
 * The search indexer: the one path from a write to what a search reads. A write changes
 * `images` or `artists`; their triggers stamp the row's transaction and notify (migrations
 * 0007, 0008); the change count (change-feed.ts) moves; the next `index()` catches up
 * (index-sync.ts), reading the rows of `followed-columns.ts`, and hands them to the index
 * (engine/) and the cards (cards.ts). Nothing else writes either.
 */
export interface SearchIndexer {
  /** The index, with every change committed before the call (and the cards with it). */
  index(): Promise<CatalogueIndex>;
  readonly stats: IndexSyncStats;
  readonly cards: SearchCards;
  /** The index as last caught up, without catching up; null before the first build. */
  current(): CatalogueIndex | null;
  /** The in-process stemmer matching the database's (checked at each build), if any. */
  stemmer(): EnglishStemmer | null;
}

/**
 * `changes`: the change count (searchChangeCount); while it stands still the index needs
 * no catch-up query. Without it every catch-up queries.
 */
export function createSearchIndexer(db: Kysely<DB>, changes?: () => number): SearchIndexer {
  const sync = new IndexSync(db, changes);
  const cards = new SearchCards();
  let built: CatalogueIndex | null = null;
  let stemmer: EnglishStemmer | null = null;
  sync.onChange((change) => cards.apply(change));
  sync.onBuild(async (trx, index) => {
    built = index;
    stemmer = await calibratedStemmer(trx);
    const names = await sql<{ id: number; name: string; royalty_code: string; search: string }>`
      select id, name, royalty_code, ${ARTIST_SEARCH} as search from artists`.execute(trx);
    const artists = names.rows.map((row) => ({ ...row, id: Number(row.id) }));
    cards.setArtists(artists);
    index.setArtists(artists, true);
  });
  return {
    index: () => sync.fresh(),
    stats: sync.stats,
    cards,
    current: () => built,
    stemmer: () => stemmer,
  };
}
