import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { generateCatalogue, type GenerateResult } from './catalogue';

export { generateCatalogue, type GenerateOptions, type GenerateResult } from './catalogue';
export { DEMO_ACCOUNTS, ensureDemoAccounts } from './accounts';

export async function countImages(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * First start: when the images table is empty, generate the demo catalogue (`count`
 * images, DEMO_IMAGES). Returns null when nothing was generated.
 */
export async function ensureDemoCatalogue(
  db: Kysely<DB>,
  options: { count: number; mediaDir: string; log: FastifyBaseLogger },
): Promise<GenerateResult | null> {
  if (options.count <= 0 || (await countImages(db)) > 0) return null;
  const { log } = options;
  log.info(
    { images: options.count, mediaDir: options.mediaDir },
    'empty catalogue: generating the demo catalogue',
  );
  let reported = 0;
  const result = await generateCatalogue(db, {
    count: options.count,
    mediaDir: options.mediaDir,
    onProgress: (done, count) => {
      if (done - reported >= 100 || done === count) {
        reported = done;
        log.info({ done, count }, 'demo catalogue progress');
      }
    },
  });
  log.info(
    { ...result, seconds: Number((result.ms / 1000).toFixed(1)) },
    `demo catalogue: ${result.images} images by ${result.artists} artists in ${(result.ms / 1000).toFixed(1)} s`,
  );
  return result;
}
