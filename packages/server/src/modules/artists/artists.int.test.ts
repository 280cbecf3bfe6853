import { artistPage } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';

describe.each(TEST_DRIVERS)('artists API on %s', (driver) => {
  let ctx: TestContext;
  let artists: { id: number; name: string; active: boolean; gaa_artist: boolean }[];

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 12 });
    // Make sure both values of each flag exist, whatever the seed decided.
    await ctx.database.db
      .updateTable('artists')
      .set({ active: false, gaa_artist: true })
      .where('id', '=', 1)
      .execute();
    await ctx.database.db
      .updateTable('artists')
      .set({ active: true, gaa_artist: false })
      .where('id', '=', 2)
      .execute();
    artists = await ctx.database.db
      .selectFrom('artists')
      .select(['id', 'name', 'active', 'gaa_artist'])
      .orderBy('name')
      .execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists artists by name in a DRF page', async () => {
    const res = await ctx.app.inject({ url: '/api/artist/?limit=1000' });
    expect(res.statusCode).toBe(200);
    const page = artistPage.parse(res.json());
    expect(page.count).toBe(12);
    expect(page.next).toBeNull();
    expect(page.results.map((a) => a.name)).toEqual(artists.map((a) => a.name));
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      royalty_code: expect.stringMatching(/^[A-Z]{4}\d{4}$/),
      gaa_artist: expect.any(Boolean),
      active: expect.any(Boolean),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it.each([
    ['active=true', (a: { active: boolean }) => a.active],
    ['active=false', (a: { active: boolean }) => !a.active],
    ['gaa_artist=1', (a: { gaa_artist: boolean }) => a.gaa_artist],
    ['gaa_artist=False', (a: { gaa_artist: boolean }) => !a.gaa_artist],
  ] as const)('filters with %s', async (query, keep) => {
    const res = await ctx.app.inject({ url: `/api/artist/?limit=1000&${query}` });
    const page = artistPage.parse(res.json());
    const expected = artists.filter((a) => keep(a as never)).map((a) => a.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.results.map((a) => a.id)).toEqual(expected);
    expect(page.count).toBe(expected.length);
  });

  it('combines filters', async () => {
    const page = artistPage.parse(
      (await ctx.app.inject({ url: '/api/artist/?active=false&gaa_artist=true' })).json(),
    );
    expect(page.results.map((a) => a.id)).toContain(1);
    expect(page.results.every((a) => !a.active && a.gaa_artist)).toBe(true);
  });

  it('searches part of the name or the royalty code, in any case', async () => {
    const target = artists[3] as (typeof artists)[number];
    const surname = target.name.split(' ').pop() as string;
    const page = artistPage.parse(
      (
        await ctx.app.inject({
          url: `/api/artist/?search=${encodeURIComponent(surname.toLowerCase())}`,
        })
      ).json(),
    );
    const expected = artists.filter((a) => a.name.toLowerCase().includes(surname.toLowerCase()));
    expect(page.results.map((a) => a.id)).toEqual(expected.map((a) => a.id));
    expect(page.results.map((a) => a.id)).toContain(target.id);

    const row = await ctx.database.db
      .selectFrom('artists')
      .select('royalty_code')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const byCode = artistPage.parse(
      (
        await ctx.app.inject({
          url: `/api/artist/?search=${row.royalty_code.slice(4).toLowerCase()}`,
        })
      ).json(),
    );
    expect(byCode.results.map((a) => a.id)).toEqual([target.id]);
  });

  it('treats LIKE wildcards in search as plain text and combines search with filters', async () => {
    for (const search of ['%', '_', '\\']) {
      const res = await ctx.app.inject({
        url: `/api/artist/?search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(artistPage.parse(res.json()).count).toBe(0);
    }
    const letter = 'a';
    const page = artistPage.parse(
      (
        await ctx.app.inject({ url: `/api/artist/?limit=1000&search=${letter}&active=true` })
      ).json(),
    );
    const expected = artists.filter((a) => a.active && a.name.toLowerCase().includes(letter));
    expect(page.results.map((a) => a.id)).toEqual(expected.map((a) => a.id));
  });

  it('answers up to 1000 per page and no more', async () => {
    expect((await ctx.app.inject({ url: '/api/artist/?limit=1000' })).statusCode).toBe(200);
    const res = await ctx.app.inject({ url: '/api/artist/?limit=1001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ limit: ['Ensure this value is less than or equal to 1000.'] });
  });

  it('pages with limit', async () => {
    const page = artistPage.parse((await ctx.app.inject({ url: '/api/artist/?limit=5' })).json());
    expect(page.results).toHaveLength(5);
    expect(page.next).toBe('http://localhost/api/artist/?limit=5&offset=5');
  });

  it.each([
    ['active=maybe', { active: ['Must be a valid boolean.'] }],
    ['gaa_artist=yes', { gaa_artist: ['Must be a valid boolean.'] }],
    ['limit=x', { limit: ['A valid integer is required.'] }],
  ])('rejects %s with a 400 naming the field', async (query, body) => {
    const res = await ctx.app.inject({ url: `/api/artist/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});
