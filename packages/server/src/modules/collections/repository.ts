import type { CollectionOrdering } from '@atelier/contracts';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import type { Viewer } from '../../plugins/viewer';

/** A collection as read from the database, with its owner's uuid and its contents. */
export interface CollectionRow {
  id: number;
  name: string;
  description: string;
  communal: boolean;
  public: boolean;
  owner_id: number | null;
  owner: string | null;
  contents: number[];
  created: Date;
  modified: Date;
}

export interface CollectionValues {
  name?: string | undefined;
  description?: string | undefined;
  communal?: boolean | undefined;
  public?: boolean | undefined;
}

/** `100%_off` → `100\%\_off`: a LIKE pattern that matches the text literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_COLUMNS = { name: 'name', created: 'created', modified: 'modified' } as const;

export function createCollectionRepository(db: Kysely<DB>) {
  /** SPEC §6: staff see every collection; others the public ones and their own. */
  const visibleTo = (viewer: Viewer): Expression<SqlBool> =>
    viewer.isStaff
      ? sql<SqlBool>`true`
      : viewer.userId === null
        ? sql<SqlBool>`collections.public`
        : sql<SqlBool>`(collections.public or collections.owner_id = ${viewer.userId})`;

  /** Image ids in order; unpublished images only for staff (they are hidden from others). */
  const contents = (includeUnpublished: boolean) =>
    sql<number[]>`coalesce((
      select array_agg(ci.image_id order by ci.position, ci.image_id)
      from collection_images ci
      ${includeUnpublished ? sql`` : sql`join images i on i.id = ci.image_id and i.published`}
      where ci.collection_id = collections.id), '{}')`;

  const selectRows = (viewer: Viewer) =>
    db
      .selectFrom('collections')
      .leftJoin('users', 'users.id', 'collections.owner_id')
      .select([
        'collections.id',
        'collections.name',
        'collections.description',
        'collections.communal',
        'collections.public',
        'collections.owner_id',
        'users.uuid as owner',
        'collections.created',
        'collections.modified',
      ])
      .select(contents(viewer.isStaff).as('contents'))
      .where(visibleTo(viewer));

  /** Part of the name, any case (typeaheads and related lookups). */
  const nameContains = (search: string | undefined): Expression<SqlBool> =>
    search ? sql<SqlBool>`collections.name ilike ${`%${escapeLike(search)}%`}` : sql<SqlBool>`true`;

  return {
    /** A page of the collections `viewer` may see, in `ordering` (then id). */
    async list(
      viewer: Viewer,
      filters: { search?: string | undefined },
      ordering: readonly CollectionOrdering[],
      page: { limit: number; offset: number },
    ): Promise<CollectionRow[]> {
      let query = selectRows(viewer).where(nameContains(filters.search));
      for (const key of ordering) {
        const descending = key.startsWith('-');
        const column = ORDER_COLUMNS[key.replace('-', '') as keyof typeof ORDER_COLUMNS];
        query = query.orderBy(`collections.${column}`, descending ? 'desc' : 'asc');
      }
      return query.orderBy('collections.id').limit(page.limit).offset(page.offset).execute();
    },

    async count(viewer: Viewer, filters: { search?: string | undefined }): Promise<number> {
      const row = await db
        .selectFrom('collections')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(visibleTo(viewer))
        .where(nameContains(filters.search))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The collection if `viewer` may see it. */
    find: (id: number, viewer: Viewer): Promise<CollectionRow | undefined> =>
      selectRows(viewer).where('collections.id', '=', id).executeTakeFirst(),

    /** Locks the collection's row until the transaction ends (edits of one collection queue). */
    async lock(
      id: number,
    ): Promise<{ owner_id: number | null; communal: boolean; public: boolean } | undefined> {
      return db
        .selectFrom('collections')
        .select(['owner_id', 'communal', 'public'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async create(values: CollectionValues & { name: string }, ownerId: number): Promise<number> {
      const row = await db
        .insertInto('collections')
        .values({ ...values, owner_id: ownerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Sets the given fields (and `modified`, which moves on every change). */
    async update(id: number, values: CollectionValues): Promise<void> {
      await db
        .updateTable('collections')
        .set({ ...values, modified: sql<Date>`clock_timestamp()` })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('collections').where('id', '=', id).execute();
    },

    /** The ids among `ids` that name no image (no unpublished one unless allowed). */
    async unknownImages(ids: readonly number[], includeUnpublished: boolean): Promise<number[]> {
      if (ids.length === 0) return [];
      let query = db
        .selectFrom('images')
        .select('id')
        .where('id', 'in', [...ids]);
      if (!includeUnpublished) query = query.where('published', '=', true);
      const known = new Set((await query.execute()).map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    /** Puts `ids` first, in that order; images already in the collection move to the front. */
    async prepend(id: number, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      const first = await db
        .selectFrom('collection_images')
        .select((eb) => eb.fn.min<number | null>('position').as('min'))
        .where('collection_id', '=', id)
        .executeTakeFirst();
      const base = Number(first?.min ?? 0) - ids.length;
      await db
        .insertInto('collection_images')
        .values(
          ids.map((imageId, i) => ({ collection_id: id, image_id: imageId, position: base + i })),
        )
        .onConflict((oc) =>
          oc
            .columns(['collection_id', 'image_id'])
            .doUpdateSet({ position: (eb) => eb.ref('excluded.position') }),
        )
        .execute();
    },

    async remove(id: number, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .deleteFrom('collection_images')
        .where('collection_id', '=', id)
        .where('image_id', 'in', [...ids])
        .execute();
    },
  };
}

export type CollectionRepository = ReturnType<typeof createCollectionRepository>;

/** Runs `work` in one transaction, with a repository bound to it. */
export function inTransaction<T>(
  db: Kysely<DB>,
  work: (repository: CollectionRepository) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((trx) => work(createCollectionRepository(trx)));
}
