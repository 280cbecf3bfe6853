import { escapeLike } from '../../lib/list-query';
import type { Kysely, Selectable } from 'kysely';
import type { DB, UploadReview, UploadsTable } from '../../db/schema';
import type { CheckedPicture } from './content-check';

/** An upload with its file's facts and the names the API shows. */
export interface UploadRow extends Selectable<UploadsTable> {
  creator_email: string;
  creator_uuid: string;
  artist_name: string | null;
  format: 'jpeg' | 'png' | 'tiff' | null;
  width: number | null;
  height: number | null;
  length: string;
}

export type UploadWrite = Pick<
  Selectable<UploadsTable>,
  'name' | 'caption' | 'keywords' | 'image_type' | 'artist_id' | 'publisher' | 'location'
>;

export function createUploadRepository(db: Kysely<DB>) {
  const selectUploads = () =>
    db
      .selectFrom('uploads as u')
      .innerJoin('users as c', 'c.id', 'u.creator_id')
      .innerJoin('upload_files as f', 'f.id', 'u.file_id')
      .leftJoin('artists as a', 'a.id', 'u.artist_id')
      .selectAll('u')
      .select([
        'c.email as creator_email',
        'c.uuid as creator_uuid',
        'a.name as artist_name',
        'f.format',
        'f.width',
        'f.height',
        'f.length',
      ]);

  return {
    db,

    async createFile(id: string, userId: number, length: number): Promise<void> {
      await db.insertInto('upload_files').values({ id, user_id: userId, length }).execute();
    },

    async finishFile(id: string, picture: CheckedPicture): Promise<void> {
      await db
        .updateTable('upload_files')
        .set({
          finished: new Date(),
          format: picture.format,
          width: picture.width,
          height: picture.height,
        })
        .where('id', '=', id)
        .execute();
    },

    async removeFile(id: string): Promise<void> {
      await db.deleteFrom('upload_files').where('id', '=', id).execute();
    },

    /** Transfers begun before `cutoff` and never finished: their ids. */
    async abandonedFiles(cutoff: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('upload_files')
        .select('id')
        .where('finished', 'is', null)
        .where('created', '<', cutoff)
        .execute();
      return rows.map((row) => row.id);
    },

    async fileOwnedBy(id: string, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('upload_files')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A finished, checked transfer of the user's, and the upload using it if any. */
    finishedFile(id: string, userId: number) {
      return db
        .selectFrom('upload_files as f')
        .leftJoin('uploads as u', 'u.file_id', 'f.id')
        .select(['f.id', 'f.format', 'f.width', 'f.height', 'u.id as upload_id'])
        .where('f.id', '=', id)
        .where('f.user_id', '=', userId)
        .where('f.finished', 'is not', null)
        .executeTakeFirst();
    },

    /** An approved artist profile of the user: the catalogue artist it names, if any. */
    artistProfileOf(userId: number) {
      return db
        .selectFrom('artist_profiles')
        .select(['id', 'artist_id', 'approved', 'full_name'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async artistExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('artists')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: UploadWrite & { creator_id: number; file_id: string }): Promise<number> {
      const row = await db
        .insertInto('uploads')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Partial<Selectable<UploadsTable>>): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ ...values, modified: new Date() })
        .where('id', '=', id)
        .execute();
    },

    find(id: number): Promise<UploadRow | undefined> {
      return selectUploads().where('u.id', '=', id).executeTakeFirst();
    },

    async list(
      filter: { creatorId?: number; review?: UploadReview; search?: string },
      page: { limit: number; offset: number },
    ): Promise<{ count: number; results: UploadRow[] }> {
      let count = db.selectFrom('uploads').select((eb) => eb.fn.countAll<string>().as('n'));
      let rows = selectUploads();
      if (filter.creatorId !== undefined) {
        count = count.where('creator_id', '=', filter.creatorId);
        rows = rows.where('u.creator_id', '=', filter.creatorId);
      }
      if (filter.review !== undefined) {
        count = count.where('review', '=', filter.review);
        rows = rows.where('u.review', '=', filter.review);
      }
      if (filter.search) {
        // The artist's name or the publisher holds the words (LIKE's wildcards taken literally).
        const pattern = `%${escapeLike(filter.search)}%`;
        count = count.where((eb) =>
          eb.or([
            eb('publisher', 'ilike', pattern),
            eb(
              'artist_id',
              'in',
              eb.selectFrom('artists').select('id').where('name', 'ilike', pattern),
            ),
          ]),
        );
        rows = rows.where((eb) =>
          eb.or([eb('u.publisher', 'ilike', pattern), eb('a.name', 'ilike', pattern)]),
        );
      }
      const [total, results] = await Promise.all([
        count.executeTakeFirstOrThrow(),
        rows.orderBy('u.id', 'desc').limit(page.limit).offset(page.offset).execute(),
      ]);
      return { count: Number(total.n), results };
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
