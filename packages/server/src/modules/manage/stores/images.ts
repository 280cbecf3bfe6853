import type { ImageInput, ManageImage } from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { imageCardOf } from '../../../lib/image-card';
import { escapeLike } from '../../../lib/list-query';
import type { EntityStore, ListRequest } from '../entity-routes';
import { iso, missingPk } from '../../../lib/entity-rows';

const select = (db: Kysely<DB>) =>
  db
    .selectFrom('images')
    .innerJoin('artists', 'artists.id', 'images.artist_id')
    .select([
      'images.id',
      'images.local_id',
      'images.source',
      'images.artist_id',
      'images.title',
      'images.caption',
      'images.keywords',
      'images.created',
      'images.updated',
      'images.max_width',
      'images.max_height',
      'images.price',
      'images.published',
      'images.thumb_path',
      'artists.name as artist',
      'artists.royalty_code',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const shape = (row: Row): ManageImage => {
  const { artist, artist_id, ...card } = imageCardOf({
    ...row,
    created: iso(row.created),
    updated: iso(row.updated),
  });
  return {
    ...card,
    caption: row.caption,
    keywords: row.keywords,
    artist: artist_id,
    artist_name: artist,
  };
};

/** How many images there are, kept by triggers (migration 0077): no scan of a million rows. */
async function imageCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('table_row_counts')
    .select('row_count')
    .where('table_name', '=', 'images')
    .executeTakeFirst();
  return Number(row?.row_count ?? 0);
}

type Ordering = ListRequest['ordering'];

/**
 * A staff search's page and exact count in one query, from image_list_search (migration
 * 0090): the title, local id and artist matches of the narrow copy, not of the 1 GB images
 * heap. `count(*) over ()` counts every match before the page is cut from them; a page past
 * the last match has no row to carry it, so that (rare) case counts on its own.
 */
async function searchPage(
  db: Kysely<DB>,
  search: string,
  ordering: Ordering,
  last: boolean,
  limit: number,
  offset: number,
): Promise<{ count: number; ids: { id: number }[] }> {
  const pattern = `%${escapeLike(search)}%`;
  // An array, not IN (subquery): the planner ORs its artist_id bitmap with the trigram ones.
  const matches = sql`s.title ilike ${pattern} or s.local_id ilike ${pattern}
    or s.artist_id = any(array(select a.id from artists a where a.name ilike ${pattern}))`;
  const direction = (descending: boolean) => sql.raw(descending ? 'desc' : 'asc');
  const orderBy = sql.join([
    ...ordering.map((key) => sql`${sql.ref(`s.${key.column}`)} ${direction(key.descending)}`),
    sql`s.id ${direction(last)}`,
  ]);
  const { rows } = await sql<{ id: number; total: string }>`
    select s.id, count(*) over () as total from image_list_search s where ${matches}
    order by ${orderBy} limit ${limit} offset ${offset}`.execute(db);
  if (rows.length > 0) return { count: Number(rows[0]!.total), ids: rows };
  if (offset === 0) return { count: 0, ids: [] };
  const total = await sql<{ total: string }>`
    select count(*) as total from image_list_search s where ${matches}`.execute(db);
  return { count: Number(total.rows[0]?.total ?? 0), ids: [] };
}

/** Every image, published or not, as staff list and edit it (SPEC §2 /manage/image). */
export function createImageStore(db: Kysely<DB>): EntityStore<ManageImage, ImageInput> {
  const get = async (id: number) => {
    const row = await select(db).where('images.id', '=', id).executeTakeFirst();
    return row ? shape(row) : null;
  };
  return {
    async list({ search, ordering, limit, offset }) {
      const last = ordering.at(-1)?.descending ?? false;
      let pageIds: { id: number }[];
      let count: number;
      if (search) {
        ({ count, ids: pageIds } = await searchPage(db, search, ordering, last, limit, offset));
      } else {
        // The page's ids come from images alone, walking the index of its ordering (migration
        // 0077: each key has a (key, id) index, ties broken by id in the same direction); the
        // artist is joined to those rows only.
        let page = db.selectFrom('images').select('images.id');
        for (const key of ordering) {
          page = page.orderBy(sql.ref(`images.${key.column}`), key.descending ? 'desc' : 'asc');
        }
        page = page.orderBy('images.id', last ? 'desc' : 'asc');
        [count, pageIds] = await Promise.all([
          imageCount(db),
          page.limit(limit).offset(offset).execute(),
        ]);
      }
      if (pageIds.length === 0) return { count, results: [] };
      const rows = await select(db)
        .where(
          'images.id',
          'in',
          pageIds.map((row) => row.id),
        )
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const results = pageIds.flatMap((row) => {
        const found = byId.get(row.id);
        return found ? [shape(found)] : [];
      });
      return { count, results };
    },
    get,
    async update(id, input) {
      const { artist, ...rest } = input;
      if (artist !== undefined) {
        const exists = await db
          .selectFrom('artists')
          .select('id')
          .where('id', '=', artist)
          .executeTakeFirst();
        if (!exists) throw missingPk('artist', artist);
      }
      const changes = { ...rest, ...(artist === undefined ? {} : { artist_id: artist }) };
      if (Object.values(changes).every((value) => value === undefined)) return get(id);
      const row = await db
        .updateTable('images')
        .set({ ...changes, updated: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(['id'])
        .executeTakeFirst();
      return row ? get(id) : null;
    },
  };
}
