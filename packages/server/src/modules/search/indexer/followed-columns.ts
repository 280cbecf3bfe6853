import type { ImagesTable } from '../../db/schema';
import type { SearchCardRow } from './card';
import type { PackedCardRow } from './card-store';
import type { RawRow } from './engine/index-sync';

/**
 * The columns of `images` that the in-memory search index and its cards read. A row whose
 * UPDATE names one of them gets a new search_xid (the trigger images_search_xid, migration
 * 0013), which is how every worker's catch-up (engine/index-sync.ts) learns that its index
 * row and card are stale; a column missing from that trigger stays stale until a restart.
 * The trigger is SQL and cannot import this list, so followed-columns.test.ts reads its
 * columns from the database catalog and holds them equal to SEARCH_FOLLOWED_COLUMNS.
 *
 * The maps below are typed against the rows the index and the cards are made of: a new
 * field there does not compile until it names its column here, and so reaches the test.
 */

/** A column of `images`, search_tags included (generated, not in the Kysely table type). */
type ImageColumn = keyof ImagesTable | 'search_tags';

/** Generated columns, with the columns they are computed from (migrations 0001 and 0004). */
export const GENERATED_SOURCES = {
  search: ['title', 'local_id', 'keywords', 'caption'],
  search_tags: [
    'image_type',
    'people',
    'orientation',
    'price',
    'max_width',
    'max_height',
    'source',
    'colours',
    'substrates',
  ],
} as const satisfies Partial<Record<ImageColumn, readonly ImageColumn[]>>;

/** The index's rows (index-sync.ts rowColumns). */
const INDEX_SOURCES = {
  id: 'id',
  local_id: 'local_id',
  created: 'created',
  popularity: 'popularity',
  published: 'published',
  artist_id: 'artist_id',
  tags: 'search_tags',
  search: 'search',
} as const satisfies Record<keyof RawRow, ImageColumn>;

/** The cards packed at a build (repository.ts, card-store.ts). */
const PACKED_CARD_SOURCES = {
  id: 'id',
  local_id: 'local_id',
  source: 'source',
  artist_id: 'artist_id',
  title: 'title',
  created_ms: 'created',
  updated_ms: 'updated',
  max_width: 'max_width',
  max_height: 'max_height',
  price: 'price',
  published: 'published',
  thumb_path: 'thumb_path',
  keywords: 'keywords',
} as const satisfies Record<keyof PackedCardRow, ImageColumn>;

/** The cards read one by one after a change (repository.ts cardColumns); the artist's
 * name and royalty code come from `artists`, followed by its own trigger (0007). */
const CARD_ROW_SOURCES = {
  id: 'id',
  local_id: 'local_id',
  source: 'source',
  artist_id: 'artist_id',
  title: 'title',
  created: 'created',
  updated: 'updated',
  max_width: 'max_width',
  max_height: 'max_height',
  price: 'price',
  published: 'published',
  thumb_path: 'thumb_path',
  keywords: 'keywords',
} as const satisfies Record<Exclude<keyof SearchCardRow, 'artist' | 'royalty_code'>, ImageColumn>;

const baseColumns = (column: ImageColumn): readonly ImageColumn[] =>
  column in GENERATED_SOURCES
    ? GENERATED_SOURCES[column as keyof typeof GENERATED_SOURCES]
    : [column];

/**
 * Every column whose change must reach the index or a card, sorted. Not `id`: an image's
 * id never changes (a new id is an insert, which the trigger follows whatever the columns).
 */
export const SEARCH_FOLLOWED_COLUMNS: readonly ImageColumn[] = [
  ...new Set(
    [
      ...Object.values(INDEX_SOURCES),
      ...Object.values(PACKED_CARD_SOURCES),
      ...Object.values(CARD_ROW_SOURCES),
    ].flatMap(baseColumns),
  ),
]
  .filter((column) => column !== 'id')
  .sort();
