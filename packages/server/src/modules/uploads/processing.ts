import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_PIXELS, UPLOAD_UNREADABLE } from '@atelier/contracts';
import sharp from 'sharp';
import { sql } from 'kysely';
import { measureColours } from '../catalogue-import';
import { PICTURE_LIMITS, THUMB_HEIGHT, THUMB_MAX_WIDTH } from '../catalogue-import';
import { importLines } from '../catalogue-import';
import { PermanentJobError, type JobHandler, type JobQueue } from '../job-queue';
import type { UploadRepository } from './repository';
import { transferPath } from './tus';

/** Queues of the upload jobs. */
export const THUMBNAIL_QUEUE = 'upload-thumbnail';
export const PUBLISH_QUEUE = 'upload-publish';

interface UploadJob {
  uploadId: number;
}

export interface ProcessingOptions {
  uploads: UploadRepository;
  jobs: JobQueue;
  /** The tus file store's directory. */
  transfersDir: string;
  mediaDir: string;
}

const THUMB_QUALITY = 80;
const DISPLAY_QUALITY = 90;

/** Where an upload's thumbnail goes, relative to MEDIA_DIR. */
const uploadThumbPath = (fileId: string): string =>
  `uploads/thumbs/${fileId.slice(0, 2)}/${fileId}.jpg`;

const decoded = (file: string) =>
  sharp(file, { limitInputPixels: UPLOAD_MAX_PIXELS, sequentialRead: true }).autoOrient();

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * The thumbnail job: decodes the master once (streaming: libvips reads it in strips),
 * applies its EXIF orientation, writes the JPEG thumbnail and measures the colours as the
 * catalogue import does. A master that cannot be decoded fails the upload with the reason.
 */
function thumbnailHandler(options: ProcessingOptions): JobHandler<UploadJob> {
  const { uploads, transfersDir, mediaDir } = options;
  return {
    async run({ payload }) {
      const row = await uploads.find(payload.uploadId);
      if (!row) return;
      let thumb;
      try {
        thumb = await decoded(transferPath(transfersDir, row.file_id))
          .flatten({ background: '#ffffff' })
          .resize({ width: THUMB_MAX_WIDTH, height: THUMB_HEIGHT, fit: 'inside' })
          .toColourspace('srgb')
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true });
      } catch (error) {
        throw new PermanentJobError(`${UPLOAD_UNREADABLE} (${firstLine(error)})`);
      }
      const layout = {
        width: thumb.info.width,
        height: thumb.info.height,
        channels: thumb.info.channels as 1 | 2 | 3 | 4,
      };
      const thumbPath = uploadThumbPath(row.file_id);
      const target = path.join(mediaDir, thumbPath);
      await mkdir(path.dirname(target), { recursive: true });
      const jpeg = await sharp(thumb.data, { raw: layout })
        .jpeg({ quality: THUMB_QUALITY })
        .toBuffer();
      await writeFile(`${target}.tmp`, jpeg);
      await rename(`${target}.tmp`, target);
      const { colours } = await measureColours(thumb.data, layout);
      await uploads.update(row.id, {
        status: 'ready',
        problem: '',
        thumb_path: thumbPath,
        colours,
      });
    },
    async failed({ payload }, reason) {
      await uploads.update(payload.uploadId, { status: 'failed', problem: reason });
    },
  };
}

/** A royalty code from a name: letters, digits, dot, dash and underscore, at most 40. */
const codeOf = (prefix: string, name: string): string =>
  `${prefix}-${name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40 - prefix.length - 1)}`.replace(/-$/, '') || prefix;

/**
 * The catalogue artist an upload is published under: the one chosen; a publisher by name;
 * else the uploader's own (linked to their profile, made the first time).
 */
async function artistOf(
  uploads: UploadRepository,
  row: NonNullable<Awaited<ReturnType<UploadRepository['find']>>>,
) {
  const { db } = uploads;
  if (row.artist_id !== null) {
    const artist = await db
      .selectFrom('artists')
      .select(['royalty_code', 'name'])
      .where('id', '=', row.artist_id)
      .executeTakeFirst();
    if (artist) return { artist, linkProfile: null };
  }
  if (row.publisher)
    return {
      artist: { royalty_code: codeOf('PUB', row.publisher), name: row.publisher },
      linkProfile: null,
    };
  const profile = await db
    .selectFrom('artist_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['p.id', 'p.full_name', 'u.name', 'u.email', 'a.royalty_code', 'a.name as artist_name'])
    .where('p.user_id', '=', row.creator_id)
    .executeTakeFirst();
  if (profile?.royalty_code) {
    return {
      artist: {
        royalty_code: profile.royalty_code,
        name: profile.artist_name ?? profile.full_name,
      },
      linkProfile: null,
    };
  }
  const name = profile?.full_name || row.creator_email;
  return {
    artist: { royalty_code: `ART-${profile?.id ?? `U${row.creator_id}`}`, name },
    linkProfile: profile?.id ?? null,
  };
}

/**
 * The publish job: puts an approved upload into the catalogue through the catalogue
 * import (the same checks, colour measurement, media layout and image row as any imported
 * picture, so the search index follows it like any other write). A TIFF master, or one
 * larger than the catalogue's file limit, is shown from a JPEG made from it; the print
 * master itself stays in the upload store.
 */
function publishHandler(options: ProcessingOptions): JobHandler<UploadJob> {
  const { uploads, transfersDir, mediaDir } = options;
  return {
    async run({ payload }) {
      const row = await uploads.find(payload.uploadId);
      if (!row || !row.published || row.review !== 'approved') return;
      const master = transferPath(transfersDir, row.file_id);
      const bytes = (await stat(master)).size;
      let file = master;
      let derived: string | null = null;
      if (row.format === 'tiff' || bytes > PICTURE_LIMITS.maxBytes) {
        derived = `${master}.display.jpg`;
        try {
          await decoded(master).jpeg({ quality: DISPLAY_QUALITY }).toFile(derived);
        } catch (error) {
          throw new PermanentJobError(`${UPLOAD_UNREADABLE} (${firstLine(error)})`);
        }
        file = derived;
      }
      try {
        const { artist, linkProfile } = await artistOf(uploads, row);
        let imageId: number | null = null;
        let refusal: string | null = null;
        await importLines(
          uploads.db,
          [
            {
              line: 1,
              value: {
                source: 'GAA',
                local_id: `upload-${row.id}`,
                title: row.name,
                caption: row.caption,
                keywords: row.keywords,
                image_type: row.image_type,
                artist,
                published: true,
                file,
              },
            },
          ],
          {
            mediaDir,
            baseDir: transfersDir,
            onLine: (_line, outcome, detail) => {
              if (outcome === 'rejected') refusal = String(detail);
              else imageId = Number(detail);
            },
          },
        );
        if (refusal !== null || imageId === null) {
          throw new PermanentJobError(refusal ?? 'the catalogue refused the picture');
        }
        if (linkProfile !== null) {
          await uploads.db
            .updateTable('artist_profiles')
            .set((eb) => ({
              artist_id: eb
                .selectFrom('artists')
                .select('id')
                .where('royalty_code', '=', artist.royalty_code),
            }))
            .where('id', '=', linkProfile)
            .where('artist_id', 'is', null)
            .execute();
          // The new catalogue artist's rate (what order lines snapshot) is the artist's level's.
          await sql`
            update artists a set royalty_rate_bp = l.rate_bp
            from artist_profiles p join royalty_levels l on l.id = p.royalty_level_id
            where p.id = ${linkProfile}::int and a.id = p.artist_id`.execute(uploads.db);
        }
        await uploads.update(row.id, { image_id: imageId });
      } finally {
        if (derived) await unlink(derived).catch(() => undefined);
      }
    },
    async failed({ payload }, reason) {
      await uploads.update(payload.uploadId, { published: false, problem: reason });
    },
  };
}

export function registerUploadJobs(options: ProcessingOptions): void {
  options.jobs.register(THUMBNAIL_QUEUE, thumbnailHandler(options));
  options.jobs.register(PUBLISH_QUEUE, publishHandler(options));
}
