/**
 * Adds demo images to the catalogue:
 *   pnpm --filter @atelier/demo seed -- --images 2000 [--start 500] [--seed 7] [--picture-pool 500]
 * --start: index of the first image (default: the number of images already there).
 * --picture-pool: reuse this many pictures (for very large catalogues).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@atelier/server/src/config';
import { openDatabase } from '@atelier/server/src/db/client';
import { migrate } from '@atelier/server/src/db/migrate';
import { DEFAULT_SEED } from '@atelier/demo-data';
import { countImages, generateCatalogue } from './index';

const positiveInt = (name: string, value: string | undefined, fallback?: number): number => {
  if (value === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      images: { type: 'string' },
      start: { type: 'string' },
      seed: { type: 'string' },
      'picture-pool': { type: 'string' },
      batch: { type: 'string' },
    },
  });
  const config = loadConfig();
  const count = positiveInt('images', values.images);
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const start = positiveInt('start', values.start, await countImages(database.db));
    const pool =
      values['picture-pool'] === undefined
        ? undefined
        : positiveInt('picture-pool', values['picture-pool']);
    console.log(
      `Generating ${count} demo images from index ${start} into ${config.mediaDir} (${database.kind})...`,
    );
    const result = await generateCatalogue(database.db, {
      count,
      start,
      mediaDir: config.mediaDir,
      seed: positiveInt('seed', values.seed, DEFAULT_SEED),
      batchSize: positiveInt('batch', values.batch, 50),
      ...(pool ? { picturePool: pool } : {}),
      onProgress: (done, total) => {
        if (done % 500 === 0 || done === total) console.log(`  ${done}/${total}`);
      },
    });
    const seconds = result.ms / 1000;
    console.log(
      `Inserted ${result.images} images by ${result.artists} artists, drew ${result.pictures} pictures ` +
        `(${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s ` +
        `(${(result.images / Math.max(seconds, 0.001)).toFixed(0)} images/s).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
