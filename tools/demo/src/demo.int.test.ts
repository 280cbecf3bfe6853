import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLOURS } from '@atelier/contracts';
import { DEMO_ACCOUNTS } from '@atelier/demo-data';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import {
  createTestDatabase,
  TEST_DRIVERS,
  type TestDatabase,
} from '@atelier/server/src/test/databases';
import { countImages, ensureDemoData, generateCatalogue } from './index';

const COUNT = 10;
const log = {
  info: () => undefined,
  warn: () => undefined,
} as unknown as FastifyBaseLogger;

describe.each(TEST_DRIVERS)('first-start demo seeding on %s', (driver) => {
  let database: TestDatabase;
  let mediaDir: string;

  const emails = async () =>
    (await database.db.selectFrom('users').select('email').orderBy('email').execute()).map(
      (row) => row.email,
    );
  const seeding = async () =>
    (
      await sql<{
        images: number;
        done: boolean;
      }>`select images, completed is not null as done from demo_seed`.execute(database.db)
    ).rows;

  beforeEach(async () => {
    database = await createTestDatabase(driver);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'atelier-demo-'));
  });
  afterEach(async () => {
    await database.dispose();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('finishes on the next start a seeding killed half-way: all the images and the accounts', async () => {
    const crash = new Error('killed');
    await expect(
      ensureDemoData(database.db, {
        count: COUNT,
        mediaDir,
        log,
        batchSize: 4,
        onProgress: (done) => {
          if (done >= 4) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await countImages(database.db)).toBe(4);
    expect(await emails()).toEqual([]);
    expect(await seeding()).toEqual([{ images: COUNT, done: false }]);

    // The next start: a different DEMO_IMAGES does not change the catalogue begun.
    const resumed = await ensureDemoData(database.db, { count: 3, mediaDir, log, batchSize: 4 });
    expect(resumed?.images).toBe(COUNT - 4);
    expect(await countImages(database.db)).toBe(COUNT);
    expect(await emails()).toEqual(
      Object.values(DEMO_ACCOUNTS)
        .map((a) => a.email)
        .sort(),
    );
    expect(await seeding()).toEqual([{ images: COUNT, done: true }]);

    // And the one after: nothing to do.
    expect(await ensureDemoData(database.db, { count: COUNT, mediaDir, log })).toBeNull();
    expect(await countImages(database.db)).toBe(COUNT);
  });

  it('captions each picture as it is drawn, and gives the demo artist account images', async () => {
    await ensureDemoData(database.db, { count: COUNT, mediaDir, log });
    // `colours` are measured from the pictures' pixels by the import.
    const images = await database.db
      .selectFrom('images')
      .select(['id', 'caption', 'colours', 'artist_id'])
      .orderBy('id')
      .execute();
    expect(images).toHaveLength(COUNT);
    const monochrome = images.filter((image) => image.colours.includes('black and white'));
    expect(monochrome.length).toBeGreaterThan(0);
    expect(monochrome.length).toBeLessThan(COUNT);
    for (const image of images) {
      expect([image.caption, /black and white/i.test(image.caption)]).toEqual([
        image.caption,
        image.colours.includes('black and white'),
      ]);
      // The colours it names (after the medium), at least one of them measured.
      const description = (image.caption.split(':')[1] ?? '').replace('black and white', '');
      const named = COLOURS.filter((c) => new RegExp(`\\b${c}\\b`).test(description));
      if (named.length > 0) {
        expect([image.caption, named.some((c) => image.colours.includes(c))]).toEqual([
          image.caption,
          true,
        ]);
      }
    }
    const owned = await database.db
      .selectFrom('users')
      .innerJoin('artist_profiles', 'artist_profiles.user_id', 'users.id')
      .innerJoin('artists', 'artists.id', 'artist_profiles.artist_id')
      .innerJoin('images', 'images.artist_id', 'artists.id')
      .select(['artists.name', (eb) => eb.fn.countAll<number>().as('images')])
      .where('users.email', '=', DEMO_ACCOUNTS.artist.email)
      .groupBy('artists.name')
      .execute();
    expect(owned.map((row) => ({ ...row, images: Number(row.images) }))).toEqual([
      { name: DEMO_ACCOUNTS.artist.name, images: expect.any(Number) },
    ]);
    expect(Number(owned[0]?.images)).toBeGreaterThanOrEqual(1);
  });

  it('never seeds, nor makes demo accounts on, a catalogue that came from elsewhere', async () => {
    await generateCatalogue(database.db, { count: 2, mediaDir }); // as `pnpm seed` or an import
    expect(await ensureDemoData(database.db, { count: COUNT, mediaDir, log })).toBeNull();
    expect(await countImages(database.db)).toBe(2);
    expect(await emails()).toEqual([]);
    expect(await seeding()).toEqual([]);
  });

  it('does nothing with DEMO_IMAGES=0', async () => {
    expect(await ensureDemoData(database.db, { count: 0, mediaDir, log })).toBeNull();
    expect(await countImages(database.db)).toBe(0);
    expect(await emails()).toEqual([]);
    expect(await seeding()).toEqual([]);
  });
});
