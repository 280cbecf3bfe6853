import type { Artist, ArtistInput } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { escapeLike } from '../../../lib/list-query';
import type { EntityStore } from '../entity-routes';
import { countOf, iso, ordered, uniquely } from '../../../lib/entity-rows';

const COLUMNS = ['id', 'name', 'royalty_code', 'gaa_artist', 'active', 'created'] as const;

const shape = (row: {
  id: number;
  name: string;
  royalty_code: string;
  gaa_artist: boolean;
  active: boolean;
  created: Date;
}): Artist => ({ ...row, created: iso(row.created) });

/** Catalogue artists (0001) as the staff forms read and write them. */
export function createArtistStore(db: Kysely<DB>): EntityStore<Artist, ArtistInput> {
  return {
    async list({ search, ordering, limit, offset }) {
      let query = db.selectFrom('artists').select(COLUMNS);
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        query = query.where((eb) =>
          eb.or([eb('name', 'ilike', pattern), eb('royalty_code', 'ilike', pattern)]),
        );
      }
      const [count, rows] = await Promise.all([
        countOf(query),
        ordered(query, ordering, 'id').limit(limit).offset(offset).execute(),
      ]);
      return { count, results: rows.map(shape) };
    },
    async get(id) {
      const row = await db
        .selectFrom('artists')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? shape(row) : null;
    },
    create: (input) =>
      uniquely(
        async () =>
          shape(
            await db
              .insertInto('artists')
              .values({ ...input, created: new Date() })
              .returning(COLUMNS)
              .executeTakeFirstOrThrow(),
          ),
        'royalty_code',
        'artist',
      ),
    update: (id, input) =>
      uniquely(
        async () => {
          if (Object.values(input).every((value) => value === undefined)) {
            const row = await db
              .selectFrom('artists')
              .select(COLUMNS)
              .where('id', '=', id)
              .executeTakeFirst();
            return row ? shape(row) : null;
          }
          const row = await db
            .updateTable('artists')
            .set(input)
            .where('id', '=', id)
            .returning(COLUMNS)
            .executeTakeFirst();
          return row ? shape(row) : null;
        },
        'royalty_code',
        'artist',
      ),
  };
}
