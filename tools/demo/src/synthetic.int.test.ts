import { sql } from 'kysely';
import {
  createTestDatabase,
  TEST_DRIVERS,
  type TestDatabase,
} from '@atelier/server/src/test/databases';
import { longTailWord, loadSyntheticCatalogue, lookupTable, SYLLABLES } from '@atelier/demo-data';

const PICTURE = { masterPath: 'm.jpg', thumbPath: 't.jpg', thumbWidth: 300, thumbHeight: 200 };
const NOW = new Date('2025-06-01T00:00:00Z');

describe('synthetic catalogue helpers', () => {
  it('spreads a lookup table by weight', () => {
    const lut = lookupTable([1, 3]);
    expect(lut).toHaveLength(1000);
    expect(lut.filter((i) => i === 1)).toHaveLength(250);
    expect(lut.filter((i) => i === 2)).toHaveLength(750);
  });

  it('spells long-tail words from syllables', () => {
    expect(longTailWord(0)).toBe(`${SYLLABLES[0]}${SYLLABLES[0]}n`);
    expect(longTailWord(41)).toBe(`${SYLLABLES[1]}${SYLLABLES[1]}n`);
    expect(longTailWord(1600)).toBe(`${SYLLABLES[0]}${SYLLABLES[0]}${SYLLABLES[1]}n`);
  });
});

describe.each(TEST_DRIVERS)('synthetic catalogue loader on %s', (driver) => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.dispose();
  });

  const load = async (images: number, seed: number) => {
    const database = await createTestDatabase(driver);
    databases.push(database);
    await loadSyntheticCatalogue(database.db, {
      images,
      pictures: [PICTURE],
      now: NOW,
      seed,
      chunkSize: 70,
    });
    const digest = await sql<{ digest: string; n: number }>`
      select md5(string_agg(concat_ws('|', id, local_id, source, artist_id, title, caption,
        keywords::text, created, max_width, max_height, price, published, popularity,
        orientation, image_type, people, colours::text, substrates::text), ',' order by id))
        as digest, count(*)::int as n
      from images`.execute(database.db);
    return { database, ...(digest.rows[0] as { digest: string; n: number }) };
  };

  it('loads the same rows for the same seed, other rows for another, in chunks', async () => {
    const a = await load(200, 11);
    const b = await load(200, 11);
    const c = await load(200, 12);
    expect(a.n).toBe(200);
    expect(b.digest).toBe(a.digest);
    expect(c.digest).not.toBe(a.digest);
    // The indexes it dropped for the load are back.
    const indexes = await sql<{ name: string }>`
      select indexname as name from pg_indexes where tablename = 'images'`.execute(a.database.db);
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['images_search_idx', 'images_created_idx', 'images_popular_idx']),
    );
    // Every artist exists, and new rows get new ids.
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from images i left join artists a on a.id = i.artist_id
      where a.id is null`.execute(a.database.db);
    expect(orphans.rows[0]?.n).toBe(0);
    const next = await a.database.db
      .insertInto('artists')
      .values({ name: 'New Artist', royalty_code: 'NEW000001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(40);
  });
});
