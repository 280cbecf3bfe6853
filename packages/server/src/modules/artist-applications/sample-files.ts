import { createHmac, timingSafeEqual } from 'node:crypto';
import { copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Sample pictures of an artist application are private: they live under DATA_DIR/private
 * (never MEDIA_DIR, which is served publicly as /media) and are served by
 * GET /api/artist-samples/:id/ only with a signed, expiring URL, which only the applicant's
 * and staff's answers carry (docs/artist-portal.md).
 */
const SAMPLE_URL_PATH = '/api/artist-samples/';

/**
 * URLs expire on the hour, 1 to 2 hours after they are made: the same URL is answered for a
 * whole hour, so the browser's (private) cache keeps working between page loads.
 */
export const SAMPLE_URL_BUCKET_S = 3600;

/** The folder of DATA_DIR that is never served as it is. */
export const PRIVATE_DIR_NAME = 'private';

export interface SampleFileOptions {
  /** MEDIA_DIR: where samples were stored before migration 0080. */
  mediaDir: string;
  /** DATA_DIR/private. */
  privateDir: string;
  /** A server secret shared by every replica (the JWT key); a label derives the URL key. */
  secret: Buffer;
}

export interface SampleRow {
  id: number;
  path: string;
  storage: 'media' | 'private';
}

export function createSampleFiles({ mediaDir, privateDir, secret }: SampleFileOptions) {
  const key = createHmac('sha256', secret).update('atelier artist sample urls').digest();
  const sign = (id: number, expires: number) =>
    createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');

  return {
    privateDir,

    /** A URL of the sample that works until the end of the next hour. */
    url(id: number, now = Date.now()): string {
      const expires = (Math.floor(now / 1000 / SAMPLE_URL_BUCKET_S) + 2) * SAMPLE_URL_BUCKET_S;
      return `${SAMPLE_URL_PATH}${id}/?expires=${expires}&signature=${sign(id, expires)}`;
    },

    /** Seconds the signed URL still works, or null when it is not valid (now). */
    check(id: number, expires: number, signature: string, now = Date.now()): number | null {
      const left = expires - Math.floor(now / 1000);
      if (left <= 0 || left > 2 * SAMPLE_URL_BUCKET_S) return null;
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return left;
    },

    /** Where the sample's file is on disk. */
    file(row: SampleRow): string {
      return path.join(row.storage === 'private' ? privateDir : mediaDir, row.path);
    },

    /**
     * Moves the samples stored before migration 0080 out of MEDIA_DIR. One sample at a time,
     * file first, then its row: a start killed half-way finishes on the next one, and
     * several starting at once (replicas) do each sample once.
     */
    async moveToPrivate(db: Kysely<DB>, log: FastifyBaseLogger): Promise<number> {
      const rows = await db
        .selectFrom('artist_samples')
        .select(['id', 'path'])
        .where('storage', '=', 'media')
        .orderBy('id')
        .execute();
      let moved = 0;
      for (const row of rows) {
        const from = path.join(mediaDir, row.path);
        const to = path.join(privateDir, row.path);
        await mkdir(path.dirname(to), { recursive: true });
        try {
          await rename(from, to);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EXDEV') {
            await copyFile(from, to);
            await unlink(from);
          } else if (code !== 'ENOENT' || !(await exists(to))) {
            // The file is gone from both places: the row stays as it was, and says so.
            log.warn({ sample: row.id, path: row.path, code }, 'artist sample file not moved');
            continue;
          }
        }
        await db
          .updateTable('artist_samples')
          .set({ storage: 'private' })
          .where('id', '=', row.id)
          .execute();
        moved++;
      }
      if (moved > 0) log.info({ moved }, 'artist samples moved out of the public media folder');
      return moved;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export type SampleFiles = ReturnType<typeof createSampleFiles>;
