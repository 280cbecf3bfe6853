import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLOURS, ORIENTATIONS, orientationOf, substratesFor } from '@atelier/contracts';
import sharp from 'sharp';
import { measureColours, THUMB_HEIGHT } from '@atelier/server/src/modules/catalogue-import';
import {
  createTestDatabase,
  TEST_DRIVERS,
  type TestDatabase,
} from '@atelier/server/src/test/databases';
import type { GenerateResult } from '@atelier/demo-data';
import { generateCatalogue } from './catalogue';
import { COVERAGE_PREFIX } from '@atelier/demo-data';

const COUNT = COVERAGE_PREFIX;
const NOW = new Date('2025-06-01T00:00:00Z');

describe.each(TEST_DRIVERS)('demo catalogue generator on %s', (driver) => {
  let database: TestDatabase;
  let mediaDir: string;
  let result: GenerateResult;

  const rows = () => database.db.selectFrom('images').selectAll().orderBy('id').execute();

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

  it(`inserts ${COUNT} images and their artists through the import`, async () => {
    expect(result.images).toBe(COUNT);
    expect(result.pictures).toBe(COUNT);
    expect(result.artists).toBe(COUNT); // the first images go to different artists
    const all = await rows();
    expect(all).toHaveLength(COUNT);
    // Imported: every row has its file's content hash and content-addressed paths.
    for (const row of all) {
      expect(row.file_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(row.master_path).toBe(
        `originals/${row.file_sha256.slice(0, 2)}/${row.file_sha256}.jpg`,
      );
    }
    // The staging directory is gone.
    expect(await readdir(mediaDir)).not.toContain('.incoming');
  });

  it('covers every colour filter value, measured from the pictures', async () => {
    const all = await rows();
    const found = new Set(all.flatMap((row) => row.colours));
    expect([...found].sort()).toEqual([...COLOURS].sort());
    for (const row of all) {
      const tones = row.colours.filter((c) =>
        ['black and white', 'neutral', 'pastel', 'pale'].includes(c),
      );
      expect(tones.length).toBeLessThanOrEqual(1);
    }
    // The stored colours are what the classifier finds in the stored thumbnail's pixels.
    const row = all[3];
    const again = await measureColours(path.join(mediaDir, row?.thumb_path ?? ''));
    expect(again.colours.slice(0, 1)).toEqual(row?.colours.slice(0, 1));
  });

  it('covers every orientation and size class with real masters of the recorded pixels', async () => {
    const all = await rows();
    expect(new Set(all.map((r) => r.orientation)).size).toBe(ORIENTATIONS.length);
    const megapixels = all.map((r) => (r.max_width * r.max_height) / 1e6);
    expect(megapixels.some((mp) => mp >= 3 && mp < 12)).toBe(true);
    expect(megapixels.some((mp) => mp >= 12 && mp < 16)).toBe(true);
    expect(megapixels.some((mp) => mp >= 16)).toBe(true);
    let greyscale = 0;
    for (const row of all) {
      expect(row.orientation).toBe(orientationOf(row.max_width, row.max_height));
      expect(row.substrates).toEqual(substratesFor(row.max_width, row.max_height));
      const master = await sharp(path.join(mediaDir, row.master_path)).metadata();
      expect([master.format, master.width, master.height]).toEqual([
        'jpeg',
        row.max_width,
        row.max_height,
      ]);
      const thumb = await sharp(path.join(mediaDir, row.thumb_path)).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual([
        'jpeg',
        row.thumb_width,
        THUMB_HEIGHT,
      ]);
      if (row.colours.includes('black and white')) {
        expect(master.channels).toBe(1);
        greyscale += 1;
      }
    }
    expect(greyscale).toBeGreaterThan(0);
  });

  it('draws pictures with content, not flat fills', async () => {
    const [row] = await rows();
    const stats = await sharp(path.join(mediaDir, row?.master_path ?? '')).stats();
    expect(stats.channels.some((c) => c.stdev > 3)).toBe(true);
  });

  it('is safe to run again: nothing is drawn or inserted twice', async () => {
    const again = await generateCatalogue(database.db, { count: COUNT, mediaDir, now: NOW });
    expect(again).toMatchObject({ images: 0, pictures: 0 });
    const artists = await database.db.selectFrom('artists').select('id').execute();
    expect(artists).toHaveLength(COUNT);
  });

  it('extends the catalogue from a start index', async () => {
    const more = await generateCatalogue(database.db, {
      count: 5,
      start: COUNT,
      mediaDir,
      now: NOW,
    });
    expect(more.images).toBe(5);
    expect(await rows()).toHaveLength(COUNT + 5);
  });
});
