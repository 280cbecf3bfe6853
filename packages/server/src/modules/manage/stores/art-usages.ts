import type { ArtUsage, ArtUsageInput } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { escapeLike } from '../../../lib/list-query';
import type { EntityStore } from '../entity-routes';
import { deleting } from '../../../lib/entity-delete';
import { countOf, iso, ordered, uniquely } from '../../../lib/entity-rows';

export function createArtUsageStore(db: Kysely<DB>): EntityStore<ArtUsage, ArtUsageInput> {
  const columns = ['id', 'name', 'description', 'active', 'created', 'modified'] as const;
  const shape = (row: {
    id: number;
    name: string;
    description: string;
    active: boolean;
    created: Date;
    modified: Date;
  }): ArtUsage => ({ ...row, created: iso(row.created), modified: iso(row.modified) });
  return {
    async list({ search, ordering, limit, offset }) {
      let query = db.selectFrom('art_usages').select(columns);
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        query = query.where((eb) =>
          eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]),
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
        .selectFrom('art_usages')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? shape(row) : null;
    },
    create: (input) =>
      uniquely(
        async () =>
          shape(
            await db
              .insertInto('art_usages')
              .values(input)
              .returning(columns)
              .executeTakeFirstOrThrow(),
          ),
        'name',
        'art usage',
      ),
    update: (id, input) =>
      uniquely(
        async () => {
          const row = await db
            .updateTable('art_usages')
            .set({ ...input, modified: new Date() })
            .where('id', '=', id)
            .returning(columns)
            .executeTakeFirst();
          return row ? shape(row) : null;
        },
        'name',
        'art usage',
      ),
    remove: (id) =>
      deleting('art usage', async () => {
        const deleted = await db.deleteFrom('art_usages').where('id', '=', id).executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1;
      }),
  };
}
