import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../test/databases';
import { generateCatalogue, type GenerateResult } from './catalogue';
import { THUMB_HEIGHT } from './plan';

const COUNT = 30;
const NOW = new Date('2025-06-01T00:00:00Z');

describe.each(TEST_DRIVERS)('demo catalogue generator on %s', (driver) => {
  let database: TestDatabase;
  let mediaDir: string;
  let result: GenerateResult;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'atelier-media-'));
    result = await generateCatalogue(database.db, {
      count: COUNT,
      mediaDir,
      now: NOW,
      batchSize: 8,
    });
  });
  afterAll(async () => {
    await database.dispose();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it(`inserts ${COUNT} images and their artists`, async () => {
    expect(result.images).toBe(COUNT);
    expect(result.pictures).toBe(COUNT);
    expect(result.artists).toBe(COUNT); // the first 40 images go to 40 different artists
    const rows = await database.db.selectFrom('images').select('id').execute();
    expect(rows).toHaveLength(COUNT);
  });

  it('writes real, decodable JPEGs whose sizes match the database', async () => {
    const rows = await database.db
      .selectFrom('images')
      .select([
        'master_path',
        'thumb_path',
        'max_width',
        'max_height',
        'thumb_width',
        'thumb_height',
        'colours',
      ])
      .execute();
    let greyscale = 0;
    for (const row of rows) {
      const master = await sharp(path.join(mediaDir, row.master_path)).metadata();
      expect(master.format).toBe('jpeg');
      expect([master.width, master.height]).toEqual([row.max_width, row.max_height]);
      const thumb = await sharp(path.join(mediaDir, row.thumb_path)).metadata();
      expect(thumb.format).toBe('jpeg');
      expect(thumb.height).toBe(THUMB_HEIGHT);
      expect([thumb.width, thumb.height]).toEqual([row.thumb_width, row.thumb_height]);
      // Decode the pixels: a truncated or corrupt file fails here.
      const { info } = await sharp(path.join(mediaDir, row.master_path))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width * info.height).toBe(row.max_width * row.max_height);
      if (row.colours.includes('black and white')) {
        expect(master.channels).toBe(1);
        greyscale += 1;
      }
    }
    expect(greyscale).toBeGreaterThan(0); // the seeded 30 include black-and-white ones
  });

  it('draws pictures with content, not flat fills', async () => {
    const row = await database.db
      .selectFrom('images')
      .select('master_path')
      .executeTakeFirstOrThrow();
    const stats = await sharp(path.join(mediaDir, row.master_path)).stats();
    expect(stats.channels.some((c) => c.stdev > 3)).toBe(true);
  });

  it('is safe to run again: nothing is inserted twice', async () => {
    const again = await generateCatalogue(database.db, { count: COUNT, mediaDir, now: NOW });
    expect(again.images).toBe(0);
    const artists = await database.db.selectFrom('artists').select('id').execute();
    expect(artists).toHaveLength(COUNT);
    expect(again.pictures).toBe(0);
  });

  it('extends the catalogue from a start index', async () => {
    const more = await generateCatalogue(database.db, {
      count: 5,
      start: COUNT,
      mediaDir,
      now: NOW,
    });
    expect(more.images).toBe(5);
    const rows = await database.db.selectFrom('images').select('id').execute();
    expect(rows).toHaveLength(COUNT + 5);
  });
});
