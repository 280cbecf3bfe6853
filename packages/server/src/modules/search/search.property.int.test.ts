import { searchResponse } from '@atelier/contracts';
import fc from 'fast-check';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { loadTestCatalogue } from './testing';

/** Percent-encodes any JS string as UTF-8 (lone surrogates become U+FFFD, as a browser does). */
const encode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Pieces that mean something to our tokenizer, to tsquery or to SQL. */
const PIECES = [
  '"',
  '-',
  '|',
  ' ',
  'OR',
  '&',
  '!',
  '!!',
  ':*',
  ':A',
  '(',
  ')',
  '<->',
  '<2>',
  '\\',
  "'",
  "''",
  ';',
  '--',
  '%',
  '_',
  '*',
  '\u0000',
  '\u202e',
  '🦓',
  'é',
  'zebra',
  'sea view',
  'the',
  'GAA0000001',
  'landscape',
];

const queryText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join('')),
  fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 40 }),
);

const FILTERS = [
  'image_type',
  'people',
  'colours',
  'orientation',
  'substrate',
  'price',
  'minimum_size',
  'sources',
  'royalty_code',
  'api',
  'sort',
  'favorites',
  'artcollection',
  'limit',
  'offset',
];

const filterValue = fc.oneof(
  fc.constantFrom(
    'red',
    'pastel',
    'true',
    'false',
    '1',
    '4',
    'large',
    'GET',
    'internal',
    'popular',
    '',
    ',',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: -5, max: 20_000 }).map(String),
);

const RUNS = 200;

describe.each(TEST_DRIVERS)('search never fails on arbitrary input, on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    await loadTestCatalogue(ctx.database.db, 150);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers any q with 200 or a 400 naming q, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryText,
        fc.constantFrom('newest', 'best_match', 'popular'),
        async (q, sort) => {
          const res = await ctx.app.inject({
            url: `/content/search/v3/?q=${encode(q)}&sort=${sort}&limit=5`,
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 200) {
            expect(() => searchResponse.parse(res.json())).not.toThrow();
          } else {
            expect(res.statusCode).toBe(400);
            expect(Object.keys(res.json() as object)).toEqual(['q']);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers any filters with 200 or a 400 naming a field, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...FILTERS), filterValue), { maxLength: 6 }),
        queryText,
        async (params, q) => {
          const query = params.map(([key, value]) => `${key}=${encode(value)}`).join('&');
          const res = await ctx.app.inject({ url: `/content/search/v3/?q=${encode(q)}&${query}` });
          expect(res.statusCode).toBeLessThan(500);
          const body = res.json() as Record<string, unknown>;
          if (res.statusCode === 400) {
            for (const [field, messages] of Object.entries(body)) {
              expect([...FILTERS, 'q', 'non_field_errors']).toContain(field);
              expect(Array.isArray(messages)).toBe(true);
            }
          } else {
            expect(res.statusCode).toBe(200);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers related images for any q, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queryText, async (q) => {
        const res = await ctx.app.inject({ url: `/content/search/?q=${encode(q)}` });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('survives malformed percent-encoding and raw bytes in the query string', async () => {
    for (const raw of ['%', '%E0%A4%A', '%FF%FE', '%C0%AF', 'q=%ZZ', '%00', '%F0%9F%A6']) {
      const res = await ctx.app.inject({ url: `/content/search/v3/?q=${raw}&colours=${raw}` });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
