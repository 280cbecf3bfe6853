import { ORIENTATIONS, SUBSTRATES, orientationOf, substratesFor } from '@atelier/contracts';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../test/databases';

/** Dimensions around every threshold of the rules (1:1, 1.05:1, 1.5:1, 2:1, 2.5:1, 3:1). */
function edgeSizes(): [number, number][] {
  const sizes: [number, number][] = [];
  for (const short of [1, 7, 100, 999, 1000, 4000]) {
    for (const [n, d] of [
      [1, 1],
      [21, 20],
      [3, 2],
      [2, 1],
      [5, 2],
      [3, 1],
      [4, 1],
    ] as const) {
      const long = Math.round((short * n) / d);
      for (const delta of [-1, 0, 1]) {
        const l = long + delta;
        if (l < 1) continue;
        sizes.push([l, short], [short, l]);
      }
    }
  }
  return sizes;
}

describe('orientation rule', () => {
  it.each([
    [1600, 1067, 'horizontal'],
    [1067, 1600, 'vertical'],
    [1000, 1000, 'square'],
    [1050, 1000, 'square'], // within 5 %
    [1000, 1050, 'square'],
    [1051, 1000, 'horizontal'],
    [2000, 1000, 'panoramic'], // long side ≥ 2 × short side
    [1000, 2000, 'panoramic'], // a tall panorama too
    [1999, 1000, 'horizontal'],
    [3000, 1000, 'panoramic'],
  ] as const)('%i x %i is %s', (w, h, expected) => {
    expect(orientationOf(w, h)).toBe(expected);
  });
});

describe('substrate rule', () => {
  it('offers every substrate for a landscape 3:2 picture', () => {
    expect(substratesFor(3000, 2000)).toEqual([...SUBSTRATES]);
  });
  it('offers no mural for a portrait picture', () => {
    expect(substratesFor(2000, 3000)).not.toContain('mural');
    expect(substratesFor(2000, 3000)).toContain('acoustic panel');
  });
  it('narrows with the aspect ratio, print always available', () => {
    expect(substratesFor(2000, 1000)).toEqual([
      'print',
      'canvas',
      'aluminum',
      'acrylic',
      'mural',
      'window film',
      'gator board',
    ]);
    expect(substratesFor(3000, 1000)).toEqual([
      'print',
      'canvas',
      'aluminum',
      'mural',
      'window film',
    ]);
    expect(substratesFor(1000, 4000)).toEqual(['print']);
  });
});

describe.each(TEST_DRIVERS)('SQL versions of the rules (migration 0003) on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('agree with the TypeScript rules at and around every threshold', async () => {
    const sizes = edgeSizes();
    const values = sql.join(sizes.map(([w, h]) => sql`(${sql.lit(w)}, ${sql.lit(h)})`));
    const { rows } = await sql<{ w: number; h: number; orientation: string; substrates: string[] }>`
      select w, h, atelier_orientation(w, h) as orientation, atelier_substrates(w, h) as substrates
      from (values ${values}) as t(w, h)`.execute(database.db);
    expect(rows).toHaveLength(sizes.length);
    const seen = new Set<string>();
    for (const row of rows) {
      expect([row.w, row.h, row.orientation]).toEqual([row.w, row.h, orientationOf(row.w, row.h)]);
      expect([row.w, row.h, row.substrates]).toEqual([row.w, row.h, substratesFor(row.w, row.h)]);
      seen.add(row.orientation);
    }
    expect([...seen].sort()).toEqual([...ORIENTATIONS].sort());
  });
});

describe.each(TEST_DRIVERS)('migration 0003 on %s', (driver) => {
  it('backfills substrates and orientation of the images already there', async () => {
    const database = await createTestDatabase(driver, { migrated: false });
    const dir = await mkdtemp(path.join(tmpdir(), 'atelier-0001-'));
    try {
      await cp(
        path.join(MIGRATIONS_DIR, '0001_catalogue.sql'),
        path.join(dir, '0001_catalogue.sql'),
      );
      expect(await migrate(database.db, dir)).toEqual(['0001']);
      const artist = await sql<{ id: number }>`
        insert into artists (name, royalty_code) values ('Ada Lind', 'ALIN0001') returning id`.execute(
        database.db,
      );
      const sizes: [number, number][] = [
        [1600, 1067],
        [1000, 2000], // 0001 called a tall 1:2 picture vertical; it is panoramic
        [1000, 1040],
        [3000, 1000],
      ];
      for (const [i, [w, h]] of sizes.entries()) {
        await sql`
          insert into images (local_id, source, artist_id, max_width, max_height, orientation,
            image_type, master_path, thumb_path, thumb_width, thumb_height)
          values (${`OLD${i}`}, 'GAA', ${artist.rows[0]?.id}, ${w}, ${h}, 'vertical',
            'fine art', 'm.jpg', 't.jpg', 10, 10)`.execute(database.db);
      }
      await migrate(database.db);
      const rows = await sql<{
        max_width: number;
        max_height: number;
        orientation: string;
        substrates: string[];
      }>`
        select max_width, max_height, orientation, substrates from images order by local_id`.execute(
        database.db,
      );
      expect(rows.rows).toEqual(
        sizes.map(([w, h]) => ({
          max_width: w,
          max_height: h,
          orientation: orientationOf(w, h),
          substrates: substratesFor(w, h),
        })),
      );
      expect(rows.rows[1]?.orientation).toBe('panoramic');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await database.dispose();
    }
  });
});
