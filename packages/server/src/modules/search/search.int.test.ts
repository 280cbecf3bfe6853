import { relatedImagesResponse, searchResponse, type SearchResponse } from '@atelier/contracts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { GUEST, type Viewer } from '../../plugins/viewer';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { createSearchRepository } from './query/repository';
import { searchQuerystring } from './routes';
import {
  createSearchService,
  FAVORITES_SIGN_IN,
  RESULT_WINDOW_MESSAGE,
  type SearchRequest,
} from './query/service';
import {
  bruteFacets,
  facetRows,
  loadTestCatalogue,
  nonZero,
  passes,
  type BruteFilters,
  type FacetRow,
} from './testing';

const CATALOGUE = 400;
const STAFF: Viewer = {
  userId: 7,
  userUuid: '00000000-0000-4000-8000-000000000007',
  isStaff: true,
};
const CUSTOMER: Viewer = {
  userId: 8,
  userUuid: '00000000-0000-4000-8000-000000000008',
  isStaff: false,
};

const request = (overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  q: '',
  sort: 'newest',
  limit: 100,
  offset: 0,
  ...overrides,
});

describe.each(TEST_DRIVERS)('search API on %s', (driver) => {
  let ctx: TestContext;
  let rows: FacetRow[];
  let published: FacetRow[];

  const get = async (query: string) => {
    const res = await ctx.app.inject({ url: `/content/search/v3/?${query}` });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const search = async (query: string): Promise<SearchResponse> => {
    const { status, body } = await get(query);
    if (status !== 200) throw new Error(`${query}: ${status} ${JSON.stringify(body)}`);
    return searchResponse.parse(body);
  };
  const ids = (result: SearchResponse) => result.images.map((i) => i.id);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const db = ctx.database.db;
    await loadTestCatalogue(db, CATALOGUE);
    // Known rows to search for, whatever the synthetic catalogue drew; no synthetic text
    // has the words zebra or okapi.
    const plant = async (id: number, set: Record<string, unknown>) =>
      db.updateTable('images').set(set).where('id', '=', id).execute();
    await plant(1, {
      title: 'Zebra Crossing at Dusk',
      keywords: ['zebra', 'street', 'stripes'],
      caption: 'Evening traffic.',
      popularity: 5,
      published: true,
    });
    await plant(2, {
      title: 'Grassland',
      keywords: ['savanna', 'stripes'],
      caption: 'A zebra grazing beside the river',
      popularity: 990,
      published: true,
    });
    await plant(3, { title: 'Hidden Zebra', published: false });
    await plant(4, { title: 'Crossing Zebra Lines', keywords: ['okapi'], published: true });
    await plant(5, { title: 'Okapi Crossings', keywords: ['forest'], published: true });
    await db
      .updateTable('artists')
      .set({ name: 'Quintessa Marchbanks' })
      .where('id', '=', 6)
      .execute();
    rows = await facetRows(db);
    published = rows.filter((row) => row.published);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  describe('q syntax', () => {
    it('lists every published image, newest first, without q', async () => {
      const result = await search('limit=1000');
      expect(result).toMatchObject({
        total: published.length,
        total_available: published.length,
        total_for_pagination: published.length,
        total_is_partial: false,
        errors: [],
        related_keywords: [],
      });
      expect(sorted(ids(result))).toEqual(published.map((r) => r.id));
      const expected = [...published]
        .sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id)
        .map((r) => r.id);
      expect(ids(result)).toEqual(expected);
    });

    it('answers the same image cards as the images list', async () => {
      const list = (await ctx.app.inject({ url: '/api/images/?limit=50' })).json() as {
        results: SearchResponse['images'];
      };
      const found = await search('limit=50');
      expect(found.images).toEqual(list.results);
      expect(found.images[0]?.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('matches titles, keywords and captions, with every word required', async () => {
      expect(sorted(ids(await search('q=zebra')))).toEqual([1, 2, 4]);
      expect(sorted(ids(await search('q=zebra%20dusk')))).toEqual([1]);
      expect(sorted(ids(await search('q=stripes')))).toEqual([1, 2]);
    });

    it('stems English words', async () => {
      expect(sorted(ids(await search('q=zebras')))).toEqual([1, 2, 4]);
      expect(sorted(ids(await search('q=okapi%20crossing')))).toEqual([4, 5]);
    });

    it('matches a "quoted phrase" only in that order', async () => {
      expect(ids(await search('q=%22zebra%20crossing%22'))).toEqual([1]);
      expect(ids(await search('q=%22crossing%20zebra%22'))).toEqual([4]);
    });

    it('matches any of a|b', async () => {
      expect(sorted(ids(await search('q=dusk%7Cokapi')))).toEqual([1, 4, 5]);
      expect(sorted(ids(await search('q=zebra%20dusk%7Criver')))).toEqual([1, 2]);
    });

    it('excludes -word and -"phrase"', async () => {
      expect(sorted(ids(await search('q=zebra%20-river')))).toEqual([1, 4]);
      expect(sorted(ids(await search('q=zebra%20-%22zebra%20crossing%22')))).toEqual([2, 4]);
      const notZebra = await search('q=-zebra&limit=1000');
      expect(notZebra.total).toBe(published.length - 3);
    });

    it('answers a quoted artist name, in any case, with that artist’s images', async () => {
      const result = await search('q=%22quintessa%20MARCHBANKS%22&limit=1000');
      const expected = published.filter((r) => r.artist_id === 6).map((r) => r.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(sorted(ids(result))).toEqual(expected);
      expect(result.images.every((i) => i.artist === 'Quintessa Marchbanks')).toBe(true);
    });

    it('answers a local id, in any case, with that image', async () => {
      const row = await ctx.database.db
        .selectFrom('images')
        .select(['id', 'local_id'])
        .where('id', '=', 10)
        .where('published', '=', true)
        .executeTakeFirst();
      const target =
        row ??
        (await ctx.database.db
          .selectFrom('images')
          .select(['id', 'local_id'])
          .where('published', '=', true)
          .where('id', '>', 10)
          .orderBy('id')
          .executeTakeFirstOrThrow());
      expect(ids(await search(`q=${target.local_id}`))).toEqual([target.id]);
      expect(ids(await search(`q=${target.local_id.toLowerCase()}`))).toEqual([target.id]);
    });

    it.each(['', '-', '|', '""', '"', 'the', '!!!', '-the'])(
      'treats q=%j (no word to match) as no text query',
      async (q) => {
        expect((await search(`q=${encodeURIComponent(q)}`)).total).toBe(published.length);
      },
    );

    it('answers related keywords found with the query, each with a thumb', async () => {
      const result = await search('q=zebra');
      const labels = result.related_keywords.map((k) => k.label);
      expect(labels).toContain('stripes');
      expect(labels).not.toContain('zebra');
      expect(labels[0]).toBe('stripes'); // on two of the three results
      for (const keyword of result.related_keywords) {
        expect(keyword.id).toBe(keyword.label);
        expect(keyword.thumb).toMatch(/^\/media\/thumbs\//);
      }
    });
  });

  describe('filters and facets', () => {
    const CASES: [string, BruteFilters][] = [
      ['', {}],
      ['colours=red,blue', { colours: ['red', 'blue'] }],
      ['colours=red&colours=blue', { colours: ['red', 'blue'] }],
      ['colours=pastel', { colours: ['pastel'] }],
      ['image_type=photography', { image_type: ['photography'] }],
      ['people=true', { people: true }],
      ['people=false', { people: false }],
      ['orientation=panoramic,square', { orientation: ['panoramic', 'square'] }],
      ['substrate=mural', { substrate: ['mural'] }],
      ['price=1&price=4', { price: [1, 4] }],
      ['minimum_size=large', { minimum_size: 'large' }],
      ['minimum_size=x_large', { minimum_size: 'x_large' }],
      ['minimum_size=xx_large', { minimum_size: 'xx_large' }],
      ['sources=GET,GAA', { sources: ['GET', 'GAA'] }],
      ['api=internal', { api: 'internal' }],
      ['api=external', { api: 'external' }],
      [
        'colours=green,blue&price=2,3&orientation=horizontal&people=false&image_type=fine%20art',
        {
          colours: ['green', 'blue'],
          price: [2, 3],
          orientation: ['horizontal'],
          people: false,
          image_type: ['fine art'],
        },
      ],
      [
        'minimum_size=x_large&substrate=acrylic,mural&sources=GET,GETRM,BJOR&api=internal',
        {
          minimum_size: 'x_large',
          substrate: ['acrylic', 'mural'],
          sources: ['GET', 'GETRM', 'BJOR'],
          api: 'internal',
        },
      ],
    ];

    it.each(CASES)('%s: the right images and disjunctive facet counts', async (query, filters) => {
      const result = await search(`${query}&limit=1000`);
      const expected = published.filter((row) => passes(row, filters)).map((r) => r.id);
      expect(result.total).toBe(expected.length);
      expect(result.total_is_partial).toBe(false);
      expect(sorted(ids(result))).toEqual(expected);
      const brute = bruteFacets(published, filters);
      expect(nonZero(result.facets)).toEqual(brute);
      // Every value of every dimension is listed, zeros included.
      expect(Object.keys(result.facets.colours ?? {})).toHaveLength(19);
      expect(Object.keys(result.facets.minimum_size ?? {})).toEqual([
        'all',
        'large',
        'x_large',
        'xx_large',
      ]);
    });

    it('counts facets of a text search against the brute force too', async () => {
      const matching = new Set(ids(await search('q=landscape&limit=1000')));
      expect(matching.size).toBeGreaterThan(5);
      const textRows = published.filter((row) => matching.has(row.id));
      const filters: BruteFilters = { colours: ['green'], orientation: ['horizontal', 'vertical'] };
      const result = await search(
        'q=landscape&colours=green&orientation=horizontal,vertical&limit=1000',
      );
      expect(sorted(ids(result))).toEqual(
        textRows.filter((row) => passes(row, filters)).map((r) => r.id),
      );
      expect(nonZero(result.facets)).toEqual(bruteFacets(textRows, filters));
    });

    it('filters by royalty code', async () => {
      const artist = await ctx.database.db
        .selectFrom('artists')
        .select(['id', 'royalty_code'])
        .where('id', 'in', [6, 7])
        .orderBy('id')
        .execute();
      const codes = artist.map((a) => a.royalty_code).join(',');
      const result = await search(`royalty_code=${codes}&limit=1000`);
      expect(sorted(ids(result))).toEqual(
        published.filter((r) => r.artist_id === 6 || r.artist_id === 7).map((r) => r.id),
      );
      expect((await search('royalty_code=NOBODY')).total).toBe(0);
    });

    it.each([
      ['colours=mauve', { colours: ['"mauve" is not a valid choice.'] }],
      ['colours=red,mauve', { colours: ['"mauve" is not a valid choice.'] }],
      [
        'colours=pastel,red',
        {
          colours: [
            'Choose one of black and white, neutral, pastel, pale, or named colours, not both.',
          ],
        },
      ],
      [
        'colours=pale&colours=neutral',
        {
          colours: [
            'Choose one of black and white, neutral, pastel, pale, or named colours, not both.',
          ],
        },
      ],
      ['image_type=painting', { image_type: ['"painting" is not a valid choice.'] }],
      ['people=maybe', { people: ['Must be a valid boolean.'] }],
      ['orientation=diagonal', { orientation: ['"diagonal" is not a valid choice.'] }],
      ['substrate=paper', { substrate: ['"paper" is not a valid choice.'] }],
      ['price=5', { price: ['"5" is not a valid choice.'] }],
      ['price=1.5', { price: ['"1.5" is not a valid choice.'] }],
      ['minimum_size=huge', { minimum_size: ['"huge" is not a valid choice.'] }],
      ['sources=XYZ', { sources: ['"XYZ" is not a valid choice.'] }],
      ['api=both', { api: ['"both" is not a valid choice.'] }],
      ['sort=oldest', { sort: ['"oldest" is not a valid choice.'] }],
      ['favorites=yes', { favorites: ['Must be a valid boolean.'] }],
      ['favorites=true', { favorites: [FAVORITES_SIGN_IN] }],
      ['artcollection=abc', { artcollection: ['A valid integer is required.'] }],
      [
        'artcollection=5',
        {
          artcollection: [
            'Select a valid choice. That choice is not one of the available choices.',
          ],
        },
      ],
      [
        `royalty_code=${'X'.repeat(41)}`,
        { royalty_code: ['Ensure this field has no more than 40 characters.'] },
      ],
    ])('rejects %s with a 400 naming the field', async (query, expected) => {
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body).toEqual(expected);
    });

    it('accepts favorites=false and an empty filter as no filter', async () => {
      for (const query of [
        'favorites=false',
        'colours=',
        'minimum_size=all',
        'people=true,false',
      ]) {
        expect((await search(query)).total).toBe(published.length);
      }
    });
  });

  describe('sorting', () => {
    it('sorts by popularity, then newest', async () => {
      const result = await search('sort=popular&limit=1000');
      const expected = [...published]
        .sort(
          (a, b) =>
            b.popularity - a.popularity || b.created.getTime() - a.created.getTime() || b.id - a.id,
        )
        .map((r) => r.id);
      expect(ids(result)).toEqual(expected);
    });

    it('sorts by best match: a title outweighs a caption', async () => {
      const best = await search('q=zebra&sort=best_match');
      expect(ids(best)).toEqual([1, 4, 2]);
      expect(ids(await search('q=zebra&sort=popular'))[0]).toBe(2);
    });

    it('falls back to newest for best_match without q', async () => {
      expect(ids(await search('sort=best_match&limit=50'))).toEqual(ids(await search('limit=50')));
    });
  });

  describe('paging', () => {
    it('pages with offset and limit, and defaults the limit to 100', async () => {
      const all = await search('limit=1000');
      const page = await search('limit=7&offset=21');
      expect(ids(page)).toEqual(ids(all).slice(21, 28));
      expect(page.total).toBe(published.length);
      expect((await search('')).images).toHaveLength(100);
      expect(searchQuerystring.parse({})).toMatchObject({
        q: '',
        sort: 'newest',
        limit: 100,
        offset: 0,
      });
    });

    it('answers the last partial page and an empty page past the end', async () => {
      const total = published.length;
      const last = await search(`limit=10&offset=${total - 3}`);
      expect(last.images).toHaveLength(3);
      expect(last.total).toBe(total);
      const beyond = await search(`limit=10&offset=${total + 50}`);
      expect(beyond.images).toEqual([]);
      expect(beyond.total).toBe(total);
    });

    it('accepts limit 1 to 1000 and the last page of the result window', async () => {
      expect((await search('limit=1')).images).toHaveLength(1);
      expect((await search('limit=1000')).images).toHaveLength(published.length);
      expect((await get('offset=9000&limit=1000')).status).toBe(200);
    });

    it.each([
      ['limit=1001', { limit: ['Ensure this value is less than or equal to 1000.'] }],
      ['limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['limit=x', { limit: ['A valid integer is required.'] }],
      ['offset=-1', { offset: ['Ensure this value is greater than or equal to 0.'] }],
      ['offset=x', { offset: ['A valid integer is required.'] }],
      ['offset=9901&limit=100', { offset: [RESULT_WINDOW_MESSAGE] }],
      ['offset=10000&limit=1', { offset: [RESULT_WINDOW_MESSAGE] }],
      [`q=${'a'.repeat(501)}`, { q: ['Ensure this field has no more than 500 characters.'] }],
    ])('rejects %s with a 400 naming the field', async (query, expected) => {
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body).toEqual(expected);
      if ('offset' in expected && String(expected.offset).includes('window')) {
        expect((body as { offset: string[] }).offset[0]).toMatch(/^Result window is too large/);
      }
    });
  });

  describe('through the service', () => {
    const service = (countCap = 1000, facetSample = 16_384) =>
      createSearchService(createSearchRepository(ctx.database.db), { countCap, facetSample });

    it('shows unpublished images to staff only', async () => {
      const guest = await service().search(request({ q: 'zebra' }), GUEST);
      expect(sorted(ids(guest))).toEqual([1, 2, 4]);
      const customer = await service().search(request({ q: 'zebra' }), CUSTOMER);
      expect(sorted(ids(customer))).toEqual([1, 2, 4]);
      const staff = await service().search(request({ q: 'zebra' }), STAFF);
      expect(sorted(ids(staff))).toEqual([1, 2, 3, 4]);
      expect(staff.images.find((i) => i.id === 3)?.published).toBe(false);
      const everything = await service().search(request({ limit: 1000 }), STAFF);
      expect(everything.total).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(published.length);
    });

    it('counts the total exactly and estimates facets beyond the count cap, and says so', async () => {
      const result = await service(10, 64).search(request({ limit: 20 }), GUEST);
      expect(result.facets_estimated).toBe(true);
      expect(result.total_is_partial).toBe(false);
      expect(result.total).toBe(published.length);
      expect(result.total_for_pagination).toBe(Math.min(result.total, 10_000));
      expect(result.images).toHaveLength(20);
      // Facets are a sample scaled to the total: each value at most the total.
      for (const counts of Object.values(result.facets)) {
        for (const n of Object.values(counts)) expect(n).toBeLessThanOrEqual(result.total);
      }
      const orientations = Object.values(result.facets.orientation ?? {}).reduce((a, b) => a + b);
      expect(Math.abs(orientations - result.total)).toBeLessThanOrEqual(4);
    });

    it('counts exactly within the cap, and when a short page reaches the end', async () => {
      const small = await service(10, 4).search(request({ q: 'zebra' }), GUEST);
      expect(small).toMatchObject({ total: 3, total_is_partial: false, facets_estimated: false });
      const end = await service(10, 4).search(request({ offset: published.length - 5 }), GUEST);
      expect(end.images).toHaveLength(5);
      expect(end).toMatchObject({ total: published.length, total_is_partial: false });
    });

    it('filters favourites for a signed-in user (none exist yet) and refuses guests', async () => {
      const result = await service().search(request({ favorites: true }), CUSTOMER);
      expect(result.total).toBe(0);
      await expect(service().search(request({ favorites: true }), GUEST)).rejects.toMatchObject({
        statusCode: 400,
        body: { favorites: [FAVORITES_SIGN_IN] },
      });
    });

    it('keeps counts fresh when the catalogue changes (cache keyed by the epoch)', async () => {
      const cached = service();
      const before = await cached.search(request({ q: 'okapi' }), GUEST);
      expect(before.total).toBe(2);
      await ctx.database.db
        .updateTable('images')
        .set({ published: false })
        .where('id', '=', 5)
        .execute();
      try {
        const after = await cached.search(request({ q: 'okapi' }), GUEST);
        expect(after.total).toBe(1);
        expect(cached.cacheStats().hits).toBe(0);
        await cached.search(request({ q: 'okapi', sort: 'popular' }), GUEST);
        expect(cached.cacheStats().hits).toBe(1);
        const again = await cached.search(request({ q: 'okapi', sort: 'popular' }), GUEST);
        expect(cached.cacheStats().pageHits).toBe(1);
        expect(again.images.map((i) => i.id).sort()).toEqual([4]);
      } finally {
        await ctx.database.db
          .updateTable('images')
          .set({ published: true })
          .where('id', '=', 5)
          .execute();
      }
    });
  });

  describe('related images', () => {
    it('answers the image of a local id first, then images sharing its keywords', async () => {
      const res = await ctx.app.inject({ url: '/content/search/?q=' });
      expect(relatedImagesResponse.parse(res.json()).images).toEqual([]);
      const row = await ctx.database.db
        .selectFrom('images')
        .select('local_id')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const related = relatedImagesResponse.parse(
        (await ctx.app.inject({ url: `/content/search/?q=${row.local_id}` })).json(),
      );
      expect(related.images[0]?.id).toBe(1);
      expect(related.images.length).toBeGreaterThan(1);
      expect(related.images.length).toBeLessThanOrEqual(5);
      expect(new Set(related.images.map((i) => i.id)).size).toBe(related.images.length);
      // Images 4 (zebra in its title) and 2 (zebra, stripes) share the most with image 1.
      expect(related.images.slice(1, 3).map((i) => i.id)).toEqual([4, 2]);
    });

    it('answers the best matches of words, up to limit', async () => {
      const related = relatedImagesResponse.parse(
        (await ctx.app.inject({ url: '/content/search/?q=zebra&limit=2' })).json(),
      );
      expect(related.images.map((i) => i.id)).toEqual([1, 4]);
      const bad = await ctx.app.inject({ url: '/content/search/?q=zebra&limit=101' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ limit: ['Ensure this value is less than or equal to 100.'] });
    });
  });

  it('documents both routes and their parameters in the OpenAPI document', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const names = spec.paths['/content/search/v3/']?.get?.parameters?.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'q',
        'sort',
        'limit',
        'offset',
        'api',
        'colours',
        'minimum_size',
        'royalty_code',
        'favorites',
        'artcollection',
      ]),
    );
    expect(spec.paths['/content/search/']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'api', 'limit']),
    );
  });

  it('compresses its answers for clients that accept it', async () => {
    const res = await ctx.app.inject({
      url: '/content/search/v3/?limit=100',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as unknown;
    expect(searchResponse.parse(body).images).toHaveLength(100);
  });

  describe('answers', () => {
    const answer = (url: string, acceptEncoding?: string) =>
      ctx.app.inject({
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    it.each([
      'limit=100',
      'q=zebra',
      'q=stripes|okapi&colours=red,blue&sort=best_match',
      'q=zebra&image_type=photography&price=1,2,3,4&minimum_size=large',
      'q=nothingmatchesthisword',
      'sort=popular&offset=50',
    ])('are exactly the contract, though not checked at runtime: %s', async (query) => {
      const res = await answer(`/content/search/v3/?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json() as unknown;
      // Parsing neither drops a key nor fills a default: the body is what zod would send.
      expect(searchResponse.parse(body)).toStrictEqual(body);
    });

    it('of related images are exactly the contract too', async () => {
      const { local_id } = await ctx.database.db
        .selectFrom('images')
        .select('local_id')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      for (const q of [local_id, 'zebra', '']) {
        const body = (await answer(`/content/search/?q=${q}`)).json() as unknown;
        expect(relatedImagesResponse.parse(body)).toStrictEqual(body);
      }
    });

    it.each([
      ['br, gzip', 'br'],
      ['gzip, br', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ])('are compressed as Accept-Encoding %s asks: %s', async (acceptEncoding, encoding) => {
      const url = '/content/search/v3/?limit=100';
      const plain = await answer(url);
      const res = await answer(url, acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(decoded.toString('utf8')).toBe(plain.body);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    });

    it('are not compressed below 1 KB, nor twice, nor when x-no-compression asks', async () => {
      const small = await answer('/content/search/?q=zebra&limit=1', 'br');
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(relatedImagesResponse.parse(small.json()).images).toHaveLength(1);

      const large = await answer('/content/search/?q=zebra&limit=100', 'br');
      expect(large.headers['content-encoding']).toBe('br');
      // Decoded once, it is JSON: @fastify/compress did not encode it again.
      const decoded = JSON.parse(
        brotliDecompressSync(large.rawPayload).toString('utf8'),
      ) as unknown;
      expect(relatedImagesResponse.parse(decoded).images.length).toBeGreaterThan(1);

      const refused = await ctx.app.inject({
        url: '/content/search/?q=zebra&limit=100',
        headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
      });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.json()).toEqual(decoded);
    });

    it('of bad requests still carry the checked error body', async () => {
      const res = await answer('/content/search/v3/?limit=0', 'br');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ limit: ['Ensure this value is greater than or equal to 1.'] });
    });
  });

  it('still has its tables after hostile queries', async () => {
    await get(`q=${encodeURIComponent("'; drop table images; --")}`);
    const count = await sql<{ n: number }>`select count(*)::int as n from images`.execute(
      ctx.database.db,
    );
    expect(count.rows[0]?.n).toBe(CATALOGUE);
  });
});
