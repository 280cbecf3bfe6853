import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { FieldCipher } from '@atelier/server/src/lib/field-encryption';
import type { PasswordHasher } from '@atelier/server/src/lib/passwords';
import type { DB } from '@atelier/server/src/db/schema';
import type { GenerateResult } from '@atelier/demo-data';
import { ensureDemoAccounts } from './accounts';
import { generateCatalogue } from './catalogue';

export { generateCatalogue } from './catalogue';

export async function countImages(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Migration 0012's row: none when this database was never demo-seeded. */
async function seedState(db: Kysely<DB>): Promise<{ images: number; done: boolean } | null> {
  const { rows } = await sql<{ images: number; done: boolean }>`
    select images, completed is not null as done from demo_seed`.execute(db);
  return rows[0] ?? null;
}

export interface DemoDataOptions {
  /** DEMO_IMAGES: 0 never seeds. */
  count: number;
  mediaDir: string;
  log: FastifyBaseLogger;
  hasher?: PasswordHasher;
  /** The configured field key: encrypts the demo artist's TIN and bank account number. */
  cipher?: FieldCipher;
  /** Images per batch (the generator's default when absent). */
  batchSize?: number;
  /** Tests: called after each batch of images, as the generator's onProgress. */
  onProgress?: (done: number, count: number) => void;
}

/**
 * The demo catalogue (`count` images, DEMO_IMAGES) and the demo accounts (known passwords),
 * made on a first start, when the catalogue is empty. Resumable: the work is recorded in
 * `demo_seed` before the first image, so a start after one killed mid-seeding draws the
 * missing images (the existing ones are skipped) and creates the accounts. A catalogue that
 * came from elsewhere (an import) never gets demo accounts.
 * @returns what this call generated, or null when there was nothing to do.
 */
export async function ensureDemoData(
  db: Kysely<DB>,
  options: DemoDataOptions,
): Promise<GenerateResult | null> {
  const { log } = options;
  let state = await seedState(db);
  if (state?.done) return null;
  if (!state) {
    if (options.count <= 0) return null;
    // Recorded only if the catalogue is empty, in one statement: never beside real images.
    const { rows } = await sql<{ images: number }>`
      insert into demo_seed (images)
      select ${options.count}::integer where not exists (select 1 from images)
      on conflict (id) do nothing
      returning images`.execute(db);
    state = rows[0] ? { images: options.count, done: false } : await seedState(db);
    if (!state) return null; // a catalogue that is not ours
    log.info(
      { images: state.images, mediaDir: options.mediaDir },
      'empty catalogue: generating the demo catalogue',
    );
  } else {
    log.warn(
      { images: state.images, found: await countImages(db) },
      'demo seeding was interrupted: finishing it',
    );
  }
  // The size decided when seeding began, so a resumed seeding completes the same catalogue.
  const count = state.images;
  let reported = 0;
  const result = await generateCatalogue(db, {
    count,
    mediaDir: options.mediaDir,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    onProgress: (done, total) => {
      if (done - reported >= 100 || done === total) {
        reported = done;
        log.info({ done, count: total }, 'demo catalogue progress');
      }
      options.onProgress?.(done, total);
    },
  });
  log.info(
    { ...result, seconds: Number((result.ms / 1000).toFixed(1)) },
    `demo catalogue: ${result.images} images by ${result.artists} artists in ${(result.ms / 1000).toFixed(1)} s`,
  );
  await ensureDemoAccounts(db, {
    log,
    ...(options.hasher ? { hasher: options.hasher } : {}),
    ...(options.cipher ? { cipher: options.cipher } : {}),
  });
  await sql`update demo_seed set completed = now() where completed is null`.execute(db);
  return result;
}
