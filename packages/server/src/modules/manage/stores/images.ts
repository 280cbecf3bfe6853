import type { ImageInput, ManageImage } from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { imageCardOf } from '../../../lib/image-card';
import { escapeLike } from '../../../lib/list-query';
import type { EntityStore } from '../entity-routes';
import { countOf, iso, missingPk, ordered } from '../../../lib/entity-rows';

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

/** Every image, published or not, as staff list and edit it (SPEC §2 /manage/image). */
export function createImageStore(db: Kysely<DB>): EntityStore<ManageImage, ImageInput> {
  const get = async (id: number) => {
    const row = await select(db).where('images.id', '=', id).executeTakeFirst();
    return row ? shape(row) : null;
  };
  return {
    async list({ search, ordering, limit, offset }) {
      let query = select(db);
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        query = query.where((eb) =>
          eb.or([
            eb('images.title', 'ilike', pattern),
            eb('images.local_id', 'ilike', pattern),
            eb('artists.name', 'ilike', pattern),
          ]),
        );
      }
      const columns = ordering.map((key) => ({ ...key, column: `images.${key.column}` }));
      const [count, rows] = await Promise.all([
        countOf(query),
        ordered(query, columns, 'images.id').limit(limit).offset(offset).execute(),
      ]);
      return { count, results: rows.map(shape) };
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
