import type { Publisher, PublisherInput } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { escapeLike } from '../../../lib/list-query';
import type { EntityStore } from '../entity-routes';
import { countOf, iso, ordered, uniquely } from '../../../lib/entity-rows';
import { deleting, inUseError } from '../../../lib/entity-delete';

export function createPublisherStore(db: Kysely<DB>): EntityStore<Publisher, PublisherInput> {
  const columns = ['id', 'name', 'email', 'website', 'active', 'created', 'modified'] as const;
  const shape = (row: {
    id: number;
    name: string;
    email: string;
    website: string;
    active: boolean;
    created: Date;
    modified: Date;
  }): Publisher => ({ ...row, created: iso(row.created), modified: iso(row.modified) });
  return {
    async list({ search, ordering, limit, offset }) {
      let query = db.selectFrom('publishers').select(columns);
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        query = query.where((eb) =>
          eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]),
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
        .selectFrom('publishers')
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
              .insertInto('publishers')
              .values(input)
              .returning(columns)
              .executeTakeFirstOrThrow(),
          ),
        'name',
        'publisher',
      ),
    update: (id, input) =>
      uniquely(
        async () => {
          const row = await db
            .updateTable('publishers')
            .set({ ...input, modified: new Date() })
            .where('id', '=', id)
            .returning(columns)
            .executeTakeFirst();
          return row ? shape(row) : null;
        },
        'name',
        'publisher',
      ),
    remove: (id) =>
      deleting('publisher', async () => {
        const row = await db
          .selectFrom('publishers')
          .select('name')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return false;
        // Uploads name their publisher by name (migration 0030).
        const { count } = await db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('publisher', '=', row.name)
          .executeTakeFirstOrThrow();
        const uses = Number(count);
        if (uses > 0) throw inUseError('publisher', `${uses} upload${uses === 1 ? '' : 's'}`);
        const deleted = await db.deleteFrom('publishers').where('id', '=', id).executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1;
      }),
  };
}
