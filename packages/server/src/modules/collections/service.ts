import type { Collection, CollectionOrdering } from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import type { SignedInViewer } from '../../plugins/auth';
import type { Viewer } from '../../plugins/viewer';
import { permissionDenied } from '../auth/service';
import {
  createCollectionRepository,
  inTransaction,
  type CollectionRepository,
  type CollectionRow,
  type CollectionValues,
} from './repository';

/** DRF's PrimaryKeyRelatedField message for an id that names nothing. */
export const invalidPk = (id: number): string => `Invalid pk "${id}" - object does not exist.`;

interface CollectionListQuery {
  search?: string | undefined;
  ordering: readonly CollectionOrdering[];
  limit: number;
  offset: number;
}

interface Access {
  owner_id: number | null;
  communal: boolean;
  public: boolean;
}

/** SPEC §6: non-public collections are visible only to staff (and to their owner). */
const canSee = (collection: Access, viewer: Viewer): boolean =>
  viewer.isStaff ||
  collection.public ||
  (viewer.userId !== null && collection.owner_id === viewer.userId);

/** SPEC §6 collection edit permission: the owner, or any staff user if communal. */
const canEdit = (collection: Access, viewer: Viewer): boolean =>
  viewer.userId !== null &&
  (collection.owner_id === viewer.userId || (viewer.isStaff && collection.communal));

function toCollection(row: CollectionRow, viewer: Viewer): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    communal: row.communal,
    public: row.public,
    owner: row.owner,
    contents: row.contents.map(Number),
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    editable: canEdit(row, viewer),
  };
}

export interface CollectionService {
  list(
    viewer: Viewer,
    query: CollectionListQuery,
  ): Promise<{ count: number; results: Collection[] }>;
  /** 404 unless `viewer` may see it. */
  get(id: number, viewer: Viewer): Promise<Collection>;
  create(viewer: SignedInViewer, values: CollectionValues & { name: string }): Promise<Collection>;
  /** 404 unless visible, 403 unless editable (checked again by every change). */
  checkEditable(id: number, viewer: SignedInViewer): Promise<void>;
  update(id: number, viewer: SignedInViewer, values: CollectionValues): Promise<Collection>;
  delete(id: number, viewer: SignedInViewer): Promise<void>;
  /** Puts the images first, in the order given (once each); the rest keep their order. */
  prepend(id: number, viewer: SignedInViewer, imageIds: readonly number[]): Promise<Collection>;
  remove(id: number, viewer: SignedInViewer, imageIds: readonly number[]): Promise<Collection>;
}

export function createCollectionService(db: Kysely<DB>): CollectionService {
  const repository = createCollectionRepository(db);

  const get = async (id: number, viewer: Viewer): Promise<Collection> => {
    const row = await repository.find(id, viewer);
    if (!row) throw notFound();
    return toCollection(row, viewer);
  };

  const access = (row: Access | undefined, viewer: Viewer): Access => {
    if (!row || !canSee(row, viewer)) throw notFound();
    if (!canEdit(row, viewer)) throw permissionDenied();
    return row;
  };

  /** Locks the collection, checks the viewer may edit it, runs `change`, bumps `modified`. */
  const edit = async (
    id: number,
    viewer: SignedInViewer,
    change: (repository: CollectionRepository) => Promise<void>,
  ): Promise<Collection> => {
    await inTransaction(db, async (trx) => {
      access(await trx.lock(id), viewer);
      await change(trx);
    });
    return get(id, viewer);
  };

  const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

  const checkImages = async (
    field: 'prepend' | 'remove',
    repo: CollectionRepository,
    ids: readonly number[],
    includeUnpublished: boolean,
  ) => {
    const unknown = await repo.unknownImages(ids, includeUnpublished);
    if (unknown.length > 0) throw new ApiError(400, { [field]: unknown.map(invalidPk) });
  };

  return {
    async list(viewer, { search, ordering, limit, offset }) {
      const [count, rows] = await Promise.all([
        repository.count(viewer, { search }),
        repository.list(viewer, { search }, ordering, { limit, offset }),
      ]);
      return { count, results: rows.map((row) => toCollection(row, viewer)) };
    },

    get,

    async create(viewer, values) {
      const id = await repository.create(values, viewer.userId);
      return get(id, viewer);
    },

    async checkEditable(id, viewer) {
      const row = await repository.find(id, { ...viewer, isStaff: true });
      access(row, viewer);
    },

    update: (id, viewer, values) => edit(id, viewer, (trx) => trx.update(id, values)),

    async delete(id, viewer) {
      await inTransaction(db, async (trx) => {
        access(await trx.lock(id), viewer);
        await trx.delete(id);
      });
    },

    prepend: (id, viewer, imageIds) =>
      edit(id, viewer, async (trx) => {
        const ids = unique(imageIds);
        // Staff may collect unpublished images; others only what they can see.
        await checkImages('prepend', trx, ids, viewer.isStaff);
        await trx.prepend(id, ids);
        await trx.update(id, {});
      }),

    remove: (id, viewer, imageIds) =>
      edit(id, viewer, async (trx) => {
        const ids = unique(imageIds);
        // Any image that exists may be removed (one unpublished since it was added, too).
        await checkImages('remove', trx, ids, true);
        await trx.remove(id, ids);
        await trx.update(id, {});
      }),
  };
}
