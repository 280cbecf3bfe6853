import { sql, type RawBuilder } from 'kysely';
import type { ImagesTable } from '../../../db/schema';
import type { PackedCardRow } from './card-store';
import type { TaggedColumns } from './tags';

/**
 * The one list of what the search indexer reads of an image: each field of the row it
 * indexes and packs as a card, with the SQL that reads it and the columns it is made of.
 * The build and every catch-up (index-sync.ts) select exactly `INDEXED_ROW_SQL`; the index
 * (tags.ts computes the filter tags), the cards (card-store.ts) and nothing else are made
 * from those rows.
 *
 * A row whose UPDATE names one of the columns gets a new search_xid (the trigger
 * images_search_xid, migration 0013), which is how every worker's catch-up learns that its
 * index row and card are stale; a column missing from that trigger stays stale until a
 * restart. The trigger is SQL and cannot import this list, so followed-columns.int.test.ts
 * reads its columns from the database catalog and holds them equal to
 * SEARCH_FOLLOWED_COLUMNS.
 */

/** A column of `images`. */
type ImageColumn = keyof ImagesTable;

/** An images row as the indexer reads it (the row is `r`). */
export interface IndexedRow extends TaggedColumns, Omit<PackedCardRow, 'id'> {
  id: number;
  /** Epoch microseconds. */
  created: number | string;
  popularity: number;
  /** The tsvector of the words, as text. */
  search: string;
}

/** Generated columns, with the columns they are computed from (migration 0001). */
export const GENERATED_SOURCES = {
  search: ['title', 'local_id', 'keywords', 'caption'],
} as const satisfies Partial<Record<ImageColumn, readonly ImageColumn[]>>;

interface Field {
  /** The select expression (`r` is the images row). */
  select: string;
  /** The columns it is made of. */
  columns: readonly ImageColumn[];
}

const column = (name: ImageColumn): Field => ({ select: `r.${name}`, columns: [name] });

/** Typed against IndexedRow: a new field does not compile until it is listed here. */
const INDEXED_ROW: Record<keyof IndexedRow, Field> = {
  id: column('id'),
  local_id: column('local_id'),
  created: {
    select: '(extract(epoch from r.created) * 1000000)::float8',
    columns: ['created'],
  },
  created_ms: {
    select: 'floor(extract(epoch from r.created) * 1000)::float8',
    columns: ['created'],
  },
  updated_ms: {
    select: 'floor(extract(epoch from r.updated) * 1000)::float8',
    columns: ['updated'],
  },
  popularity: column('popularity'),
  published: column('published'),
  artist_id: column('artist_id'),
  source: column('source'),
  title: column('title'),
  max_width: column('max_width'),
  max_height: column('max_height'),
  price: column('price'),
  thumb_path: column('thumb_path'),
  keywords: { select: 'array_to_string(r.keywords, chr(31))', columns: ['keywords'] },
  // The filter tags (tags.ts tagsOf).
  image_type: column('image_type'),
  people: column('people'),
  orientation: column('orientation'),
  colours: column('colours'),
  substrates: column('substrates'),
  // A generated column (migration 0001).
  search: { select: 'r.search::text', columns: GENERATED_SOURCES.search },
};

/** The select list of INDEXED_ROW, one column per field named as the field. */
export const INDEXED_ROW_SQL: RawBuilder<unknown> = sql.raw(
  Object.entries(INDEXED_ROW)
    .map(([field, { select }]) => `${select} as ${field}`)
    .join(', '),
);

/**
 * Every column whose change must reach the index or a card, sorted. Not `id`: an image's
 * id never changes (a new id is an insert, which the trigger follows whatever the columns).
 */
export const SEARCH_FOLLOWED_COLUMNS: readonly ImageColumn[] = [
  ...new Set(Object.values(INDEXED_ROW).flatMap((field) => field.columns)),
]
  .filter((name) => name !== 'id')
  .sort();
