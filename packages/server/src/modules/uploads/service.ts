import {
  UPLOAD_ARTIST_UNKNOWN,
  UPLOAD_FILE_FIXED,
  UPLOAD_FILE_TAKEN,
  UPLOAD_FILE_UNKNOWN,
  UPLOAD_NO_ARTIST,
  UPLOAD_NOT_READY,
  UPLOAD_PUBLISHED_FIXED,
  UPLOAD_PUBLISHED_ONLY_WHEN_APPROVED,
  type Upload,
  type UploadFormValues,
  type UploadPage,
} from '@atelier/contracts';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import type { SignedInViewer } from '../../plugins/auth';
import type { JobQueue } from '../job-queue';
import { PUBLISH_QUEUE, THUMBNAIL_QUEUE } from './processing';
import type { UploadRepository, UploadRow } from './repository';

const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });

function serializeUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    name: row.name,
    caption: row.caption,
    keywords: row.keywords,
    image_type: row.image_type,
    artist: row.artist_id,
    artist_name: row.artist_name,
    publisher: row.publisher,
    location: row.location,
    file: row.file_id,
    format: row.format,
    width: row.width,
    height: row.height,
    bytes: Number(row.length),
    status: row.status,
    problem: row.problem,
    thumb: row.thumb_path ? `/media/${row.thumb_path}` : null,
    colours: row.colours,
    review: row.review,
    review_message: row.review_message,
    approved: row.review === 'approved',
    published: row.published,
    image: row.image_id,
    creator: row.creator_email,
    creator_uuid: row.creator_uuid,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  };
}

export function createUploadService(uploads: UploadRepository, jobs: JobQueue) {
  /** The upload if the viewer may see it (its creator, or staff); else 404. */
  const visible = async (id: number, viewer: SignedInViewer): Promise<UploadRow> => {
    const row = await uploads.find(id);
    if (!row || (!viewer.isStaff && row.creator_id !== viewer.userId)) throw notFound();
    return row;
  };

  const checkArtist = async (artist: number | null): Promise<void> => {
    if (artist !== null && !(await uploads.artistExists(artist))) {
      throw fieldError('artist', UPLOAD_ARTIST_UNKNOWN);
    }
  };

  const formColumns = (values: UploadFormValues) => ({
    name: values.name,
    caption: values.caption,
    keywords: [...new Set(values.keywords)],
    image_type: values.image_type,
    artist_id: values.artist,
    publisher: values.publisher,
    location: values.location,
  });

  const reload = async (id: number): Promise<Upload> =>
    serializeUpload((await uploads.find(id)) as UploadRow);

  return {
    async list(
      viewer: SignedInViewer,
      filter: { review?: Upload['review']; search?: string },
      page: { limit: number; offset: number },
    ): Promise<Omit<UploadPage, 'next' | 'previous'>> {
      const { count, results } = await uploads.list(
        { ...filter, ...(viewer.isStaff ? {} : { creatorId: viewer.userId }) },
        page,
      );
      return { count, results: results.map(serializeUpload) };
    },

    get: async (id: number, viewer: SignedInViewer): Promise<Upload> =>
      serializeUpload(await visible(id, viewer)),

    /** Links a finished transfer of the viewer's to the form's values; the thumbnail job follows. */
    async create(viewer: SignedInViewer, values: UploadFormValues): Promise<Upload> {
      const file = await uploads.finishedFile(values.file, viewer.userId);
      if (!file) throw fieldError('file', UPLOAD_FILE_UNKNOWN);
      if (file.upload_id !== null) throw fieldError('file', UPLOAD_FILE_TAKEN);
      await checkArtist(values.artist);
      let artist = values.artist;
      if (artist === null && !values.publisher && !viewer.isStaff) {
        artist = (await uploads.artistProfileOf(viewer.userId))?.artist_id ?? null;
      }
      // Staff upload for someone: the picture must be credited to an artist or a publisher.
      if (artist === null && !values.publisher && viewer.isStaff) {
        throw fieldError('artist', UPLOAD_NO_ARTIST);
      }
      const id = await uploads.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('uploads')
          .values({
            ...formColumns({ ...values, artist }),
            creator_id: viewer.userId,
            file_id: file.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await jobs.enqueue(THUMBNAIL_QUEUE, { uploadId: row.id }, { db: trx });
        return row.id;
      });
      jobs.poke();
      return reload(id);
    },

    /**
     * Replaces the form's values (PUT). The picture stays; a declined upload that its
     * creator changes goes back to review.
     */
    async update(id: number, viewer: SignedInViewer, values: UploadFormValues): Promise<Upload> {
      const row = await visible(id, viewer);
      if (values.file !== row.file_id) throw fieldError('file', UPLOAD_FILE_FIXED);
      if (row.published) throw nonField(UPLOAD_PUBLISHED_FIXED);
      await checkArtist(values.artist);
      const backToReview = row.review === 'declined' && row.creator_id === viewer.userId;
      await uploads.update(id, {
        ...formColumns(values),
        ...(backToReview ? { review: 'pending', review_message: '' } : {}),
      });
      return reload(id);
    },

    async approve(id: number, viewer: SignedInViewer): Promise<Upload> {
      await visible(id, viewer);
      await uploads.update(id, {
        review: 'approved',
        review_message: '',
        reviewed_by: viewer.userId,
        reviewed_at: new Date(),
      });
      return reload(id);
    },

    async decline(id: number, viewer: SignedInViewer, message: string): Promise<Upload> {
      const row = await visible(id, viewer);
      if (row.published) throw nonField(UPLOAD_PUBLISHED_FIXED);
      await uploads.update(id, {
        review: 'declined',
        review_message: message,
        reviewed_by: viewer.userId,
        reviewed_at: new Date(),
      });
      return reload(id);
    },

    /** Marks it published and queues its way into the catalogue (processing.ts). */
    async publish(id: number, viewer: SignedInViewer): Promise<Upload> {
      const row = await visible(id, viewer);
      if (row.review !== 'approved') throw nonField(UPLOAD_PUBLISHED_ONLY_WHEN_APPROVED);
      if (row.status !== 'ready') throw nonField(UPLOAD_NOT_READY);
      if (!row.published) {
        await uploads.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('uploads')
            .set({ published: true, problem: '', modified: new Date() })
            .where('id', '=', id)
            .execute();
          await jobs.enqueue(PUBLISH_QUEUE, { uploadId: id }, { db: trx });
        });
        jobs.poke();
      }
      return reload(id);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
