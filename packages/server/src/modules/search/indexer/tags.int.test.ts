import {
  COLOURS,
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  ORIENTATIONS,
  SUBSTRATES,
} from '@atelier/contracts';
import { sql } from 'kysely';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../test/databases';
import { decodeTag, TAG_DIMENSION_NAMES, TAG_DIMENSIONS, tagCode, tagsOf } from './tags';
import { loadTestCatalogue } from '../testing';

describe('search tags', () => {
  it('cover exactly the vocabulary of the contracts', () => {
    const same = (a: readonly string[], b: readonly string[]) =>
      expect([...a].sort()).toEqual([...b].sort());
    same(TAG_DIMENSIONS.image_type.values, IMAGE_TYPES);
    same(TAG_DIMENSIONS.orientation.values, ORIENTATIONS);
    same(TAG_DIMENSIONS.colours.values, COLOURS);
    same(TAG_DIMENSIONS.substrate.values, SUBSTRATES);
    same(TAG_DIMENSIONS.sources.values, [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES]);
  });

  it('decode to what they encode, and stay within their dimension’s hundred', () => {
    for (const dimension of TAG_DIMENSION_NAMES) {
      for (const value of TAG_DIMENSIONS[dimension].values) {
        const code = tagCode(dimension, value) as number;
        expect(decodeTag(code)).toEqual({ dimension, value });
        expect(code - TAG_DIMENSIONS[dimension].base).toBeGreaterThan(0);
        expect(code - TAG_DIMENSIONS[dimension].base).toBeLessThan(100);
      }
    }
    expect(tagCode('colours', 'mauve')).toBeUndefined();
  });
});

describe.each(TEST_DRIVERS)('search tags of catalogue rows on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await loadTestCatalogue(database.db, 120);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('tags every image with each of its filterable values, none left out', async () => {
    const rows = await sql<{
      image_type: string;
      people: boolean;
      orientation: string;
      price: number;
      max_width: number;
      max_height: number;
      source: string;
      colours: string[];
      substrates: string[];
    }>`select image_type, people, orientation,
         price, max_width, max_height, source, colours, substrates from images`.execute(
      database.db,
    );
    expect(rows.rows).toHaveLength(120);
    for (const row of rows.rows) {
      const pixels = row.max_width * row.max_height;
      const size = pixels >= 16e6 ? 3 : pixels >= 12e6 ? 2 : pixels >= 3e6 ? 1 : 0;
      const expected = [
        tagCode('image_type', row.image_type),
        tagCode('people', String(row.people)),
        tagCode('orientation', row.orientation),
        tagCode('price', String(row.price)),
        tagCode('size', String(size)),
        tagCode('sources', row.source),
        ...row.colours.map((c) => tagCode('colours', c)),
        ...row.substrates.map((s) => tagCode('substrate', s)),
      ];
      expect(expected).not.toContain(undefined);
      expect(tagsOf(row).sort()).toEqual([...expected].map(Number).sort());
    }
  });

  it('the synthetic loader follows the catalogue rules for orientation and substrates', async () => {
    const wrong = await sql<{ n: number }>`
      select count(*)::int as n from images
      where orientation <> atelier_orientation(max_width, max_height)
         or substrates <> atelier_substrates(max_width, max_height)`.execute(database.db);
    expect(wrong.rows[0]?.n).toBe(0);
    const external = await sql<{ n: number }>`
      select count(*)::int as n from images where source in ('GET', 'GETRM')`.execute(database.db);
    expect(external.rows[0]?.n).toBeGreaterThan(10);
    expect(external.rows[0]?.n).toBeLessThan(45);
  });
});
