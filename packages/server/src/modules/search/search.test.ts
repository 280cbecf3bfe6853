import { searchResponse } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { searchQuerystring } from './routes';
import { normaliseQuery } from './service';

const search = async (ctx: TestContext, query: string) => {
  const res = await ctx.app.inject({ url: `/content/search/v3/?${query}` });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('normaliseQuery', () => {
  it('drops control characters PostgreSQL text cannot hold and squeezes spaces', () => {
    expect(normaliseQuery('  red\u0000 \u0007boat\t\n ')).toBe('red boat');
  });
});

describe.each(TEST_DRIVERS)('search API on %s', (driver) => {
  let ctx: TestContext;
  let published: number;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 30 });
    const db = ctx.database.db;
    // Known rows to search for, whatever the seed drew.
    await db
      .updateTable('images')
      .set({
        title: 'Zebra Crossing at Dusk',
        keywords: ['zebra', 'street'],
        popularity: 5,
        published: true,
      })
      .where('id', '=', 3)
      .execute();
    await db
      .updateTable('images')
      .set({ caption: 'A zebra grazing beside the river', popularity: 900, published: true })
      .where('id', '=', 4)
      .execute();
    await db
      .updateTable('images')
      .set({ title: 'Hidden Zebra', published: false })
      .where('id', '=', 5)
      .execute();
    await db
      .updateTable('artists')
      .set({ name: 'Quintessa Marchbanks' })
      .where('id', '=', 6)
      .execute();
    published = (await db.selectFrom('images').select('id').where('published', '=', true).execute())
      .length;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists every published image, newest first, without q', async () => {
    const { status, body } = await search(ctx, '');
    expect(status).toBe(200);
    const result = searchResponse.parse(body);
    expect(result).toMatchObject({
      total: published,
      total_available: published,
      total_for_pagination: published,
      total_is_partial: false,
      facets: {},
      errors: [],
    });
    expect(result.images).toHaveLength(published);
    const created = result.images.map((i) => Date.parse(i.created));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it('matches titles, keywords and captions, and never unpublished images', async () => {
    const result = searchResponse.parse((await search(ctx, 'q=zebra')).body);
    expect(result.images.map((i) => i.id).sort()).toEqual([3, 4]);
    expect(result.total).toBe(2);
  });

  it('sorts by best match and by popularity', async () => {
    const best = searchResponse.parse((await search(ctx, 'q=zebra&sort=best_match')).body);
    expect(best.images[0]?.id).toBe(3); // title weighs more than caption
    const popular = searchResponse.parse((await search(ctx, 'q=zebra&sort=popular')).body);
    expect(popular.images.map((i) => i.id)).toEqual([4, 3]);
  });

  it('understands web-search syntax: phrases, or, minus', async () => {
    expect(searchResponse.parse((await search(ctx, 'q=%22zebra%20crossing%22')).body).total).toBe(
      1,
    );
    expect(
      searchResponse.parse((await search(ctx, 'q=zebra%20-river')).body).images.map((i) => i.id),
    ).toEqual([3]);
    expect(searchResponse.parse((await search(ctx, 'q=dusk%20or%20grazing')).body).total).toBe(2);
  });

  it('finds an image by its local id and an artist by a quoted name', async () => {
    const row = await ctx.database.db
      .selectFrom('images')
      .select(['id', 'local_id'])
      .where('published', '=', true)
      .executeTakeFirstOrThrow();
    const byId = searchResponse.parse((await search(ctx, `q=${row.local_id}`)).body);
    expect(byId.images.map((i) => i.id)).toContain(row.id);

    const byArtist = searchResponse.parse(
      (await search(ctx, 'q=%22Quintessa%20Marchbanks%22')).body,
    );
    const expected = await ctx.database.db
      .selectFrom('images')
      .select('id')
      .where('artist_id', '=', 6)
      .where('published', '=', true)
      .execute();
    expect(byArtist.images.map((i) => i.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(byArtist.images.every((i) => i.artist === 'Quintessa Marchbanks')).toBe(true);
  });

  it('pages with offset and limit, and defaults the limit to 100', async () => {
    const all = searchResponse.parse((await search(ctx, 'limit=500')).body);
    const page = searchResponse.parse((await search(ctx, 'limit=4&offset=4')).body);
    expect(page.images.map((i) => i.id)).toEqual(all.images.slice(4, 8).map((i) => i.id));
    expect(page.total).toBe(published);
    // 30 images cannot show a default of 100: check the schema the route validates with.
    expect(searchQuerystring.parse({})).toEqual({ q: '', sort: 'newest', limit: 100, offset: 0 });
  });

  it.each([
    ['limit=501', { limit: ['Ensure this value is less than or equal to 500.'] }],
    ['limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
    ['offset=x', { offset: ['A valid integer is required.'] }],
    ['sort=oldest', { sort: ['"oldest" is not a valid choice.'] }],
    [
      'offset=9990&limit=100',
      {
        offset: ['Result window is too large: offset + limit must be less than or equal to 10000.'],
      },
    ],
    [`q=${'a'.repeat(501)}`, { q: ['Ensure this field has no more than 500 characters.'] }],
  ])('rejects %s with a 400 naming the field', async (query, expected) => {
    const { status, body } = await search(ctx, query);
    expect(status).toBe(400);
    expect(body).toEqual(expected);
  });

  it.each([
    '"',
    '""',
    "'",
    '-',
    '--',
    '|',
    '!',
    '&&&',
    '((((',
    ')',
    ':*',
    'a:*',
    '<->',
    '\\',
    '%00',
    'zebra%00crossing',
    '%F0%9F%A6%93',
    '%E9%9B%BB%E8%BB%8A',
    'or',
    'the',
    '-zebra',
    '"unterminated phrase',
    'a'.repeat(500),
    `${'zebra '.repeat(80)}`.slice(0, 500),
    '%27%3B%20drop%20table%20images%3B%20--',
  ])('never fails on q=%s', async (q) => {
    const { status, body } = await search(ctx, `q=${q.includes('%') ? q : encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(() => searchResponse.parse(body)).not.toThrow();
  });

  it('still has its table after a hostile query', async () => {
    const rows = await ctx.database.db.selectFrom('images').select('id').execute();
    expect(rows).toHaveLength(30);
  });
});
