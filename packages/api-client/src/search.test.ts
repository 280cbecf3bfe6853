import type { DetailError, ImageCard, SearchResponse, ValidationError } from '@atelier/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ApiError,
  createApiClient,
  mergeSearchResponses,
  searchImages,
  splitPage,
  type SearchImagesParams,
} from './index';

const SEARCH_URL = 'http://api.test/content/search/v3/';

const card = (id: number, source: ImageCard['source'] = 'GAA'): ImageCard => ({
  id,
  local_id: `L${id}`,
  title: `Image ${id}`,
  artist: 'Ada Lind',
  artist_id: 1,
  source,
  royalty_code: 'ALIN0001',
  created: '2024-01-01T00:00:00Z',
  updated: '2024-01-01T00:00:00Z',
  preview: `/media/thumbs/${id}.jpg`,
  thumb: `/media/thumbs/${id}.jpg`,
  max_width: 1600,
  max_height: 1200,
  price: 2,
  published: true,
});

type Keyword = { id: string; label: string; thumb: string };
const keyword = (id: string): Keyword => ({ id, label: id, thumb: `/media/thumbs/${id}.jpg` });

/** A search response; related_keywords is always there (an empty list by default). */
const response = (
  overrides: Partial<SearchResponse> & { related_keywords?: Keyword[] } = {},
): SearchResponse =>
  ({
    images: [],
    total: 0,
    total_available: 0,
    total_for_pagination: 0,
    total_is_partial: false,
    facets: {},
    errors: [],
    related_keywords: [],
    ...overrides,
  }) as SearchResponse;

const INTERNAL = response({
  images: [card(1), card(2)],
  total: 120,
  total_available: 120,
  total_for_pagination: 120,
  facets: { colours: { blue: 40, red: 3 }, orientation: { vertical: 70 } },
  errors: ['internal note'],
  related_keywords: [keyword('harbour'), keyword('boats')],
});
const EXTERNAL = response({
  images: [card(900, 'GET')],
  total: 10_000,
  total_available: 250_000,
  total_for_pagination: 10_000,
  total_is_partial: true,
  facets: { colours: { blue: 5000, gold: 7 }, sources: { GET: 10_000 } },
  related_keywords: [keyword('boats'), keyword('coast')],
});

/** Every request the server saw, as its query parameters. */
let requests: URLSearchParams[] = [];
type Reply = (params: URLSearchParams) => Response | Promise<Response>;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Answers by the `api` parameter: internal, external, or none (a single call). */
function serve(replies: { internal?: Reply; external?: Reply; none?: Reply }): void {
  server.use(
    http.get(SEARCH_URL, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const api = params.get('api');
      const reply =
        api === 'internal'
          ? replies.internal
          : api === 'external'
            ? replies.external
            : replies.none;
      if (!reply)
        return HttpResponse.json<DetailError>({ detail: `unexpected api ${api}` }, { status: 418 });
      return reply(params);
    }),
  );
}

const ok =
  (body: SearchResponse): Reply =>
  () =>
    HttpResponse.json<SearchResponse>(body);
const failWith =
  (status: number, body: ValidationError | { error: string }): Reply =>
  () =>
    // `{error}` is no DRF shape, but a search backend's answer the client must read too.
    HttpResponse.json<ValidationError | { error: string }>(body, {
      status,
      statusText: status === 500 ? 'Internal Server Error' : 'Bad',
    });

const client = createApiClient({ baseUrl: 'http://api.test' });
const BOTH: SearchImagesParams['api'] = ['internal', 'external'];

describe('searchImages: one call', () => {
  it('makes one call without an api param, passing every parameter and filter', async () => {
    serve({ none: ok(INTERNAL) });
    const result = await searchImages(client, {
      q: 'sea',
      sort: 'popular',
      offset: 20,
      limit: 10,
      colours: ['blue', 'green'],
      people: false,
    });
    expect(requests).toHaveLength(1);
    const [params] = requests;
    expect(params?.get('api')).toBeNull();
    expect(Object.fromEntries(params ?? [])).toMatchObject({
      q: 'sea',
      sort: 'popular',
      offset: '20',
      limit: '10',
      people: 'false',
    });
    expect(params?.getAll('colours')).toEqual(['blue', 'green']);
    expect(result).toEqual({ ...INTERNAL, warnings: [] });
  });

  it('makes one call to a single API', async () => {
    serve({ external: ok(EXTERNAL) });
    await searchImages(client, { q: 'sea', api: 'external', limit: 10 });
    await searchImages(client, { q: 'sea', api: ['external'], limit: 10 });
    expect(requests.map((p) => [p.get('api'), p.get('limit')])).toEqual([
      ['external', '10'],
      ['external', '10'],
    ]);
  });

  it.each([
    ['favorites', { favorites: true }, 'favorites', 'true'],
    ['artcollection', { artcollection: 7 }, 'artcollection', '7'],
  ] as const)('uses the single call with the %s filter', async (_, filter, key, value) => {
    serve({ none: ok(INTERNAL) });
    const result = await searchImages(client, { q: 'sea', api: BOTH, limit: 10, ...filter });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.get('api')).toBeNull();
    expect(requests[0]?.get(key)).toBe(value);
    expect(requests[0]?.get('limit')).toBe('10'); // not divided
    expect(result.images).toEqual(INTERNAL.images);
  });

  it('throws the error of a failed single call', async () => {
    serve({ none: failWith(400, { q: ['Bad query.'] }) });
    const error = await searchImages(client, { q: '"' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).response?.data).toEqual({ q: ['Bad query.'] });
  });
});

describe('searchImages: merged internal + external', () => {
  it('runs both calls in parallel', async () => {
    let release: () => void = () => undefined;
    const bothArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = 0;
    const wait: (body: SearchResponse) => Reply = (body) => async () => {
      arrived += 1;
      if (arrived === 2) release();
      // Neither answers until both requests are in flight: sequential calls would hang.
      await Promise.race([bothArrived, new Promise((r) => setTimeout(r, 2000))]);
      return HttpResponse.json<SearchResponse>(body);
    };
    serve({ internal: wait(INTERNAL), external: wait(EXTERNAL) });
    const started = Date.now();
    const result = await searchImages(client, { q: 'sea', api: BOTH, limit: 10 });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(arrived).toBe(2);
    expect(result.images).toHaveLength(3);
  });

  it('divides limit and offset between the two calls', async () => {
    serve({ internal: ok(INTERNAL), external: ok(EXTERNAL) });
    const sent = async (offset: number, limit: number) => {
      requests = [];
      await searchImages(client, { q: 'sea', api: BOTH, offset, limit });
      return Object.fromEntries(
        requests.map((p) => [p.get('api'), [Number(p.get('offset')), Number(p.get('limit'))]]),
      );
    };
    expect(await sent(200, 100)).toEqual({ internal: [100, 50], external: [100, 50] });
    expect(await sent(0, 25)).toEqual({ internal: [0, 13], external: [0, 12] });
    // Page 3 of 25: each side continues exactly where its page 2 ended.
    expect(await sent(50, 25)).toEqual({ internal: [26, 13], external: [24, 12] });
    expect(await sent(7, 10)).toEqual({ internal: [4, 5], external: [3, 5] });
    const defaults = await sent(0, 100);
    expect(defaults).toEqual({ internal: [0, 50], external: [0, 50] });
  });

  it('merges images, totals, facets (summed per value) and server errors', async () => {
    serve({ internal: ok(INTERNAL), external: ok(EXTERNAL) });
    const result = await searchImages(client, { q: 'sea', api: BOTH, limit: 10 });
    expect(result).toEqual({
      images: [card(1), card(2), card(900, 'GET')],
      total: 10_120,
      total_available: 250_120,
      total_for_pagination: 10_120,
      total_is_partial: true,
      facets: {
        colours: { blue: 5040, red: 3, gold: 7 },
        orientation: { vertical: 70 },
        sources: { GET: 10_000 },
      },
      errors: ['internal note'],
      related_keywords: [keyword('harbour'), keyword('boats'), keyword('coast')],
      warnings: [],
    });
  });

  it('turns a failed side into a warning and keeps the other side', async () => {
    serve({
      internal: ok(INTERNAL),
      external: failWith(500, { detail: 'Stock service timed out.' }),
    });
    const result = await searchImages(client, { q: 'sea', api: BOTH, limit: 10 });
    expect(result.warnings).toEqual(['External results not available. Stock service timed out.']);
    expect(result.images).toEqual(INTERNAL.images);
    expect(result.total).toBe(120);
    expect(result.facets).toEqual(INTERNAL.facets);
  });

  it('says why when a side got no answer at all', async () => {
    serve({ internal: () => HttpResponse.error(), external: ok(EXTERNAL) });
    const result = await searchImages(client, { q: 'sea', api: BOTH, limit: 10 });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^Internal results not available\. .+/);
    expect(result.images).toEqual(EXTERNAL.images);
  });

  it.each([
    ['Result window is too large', 400, { detail: 'Result window is too large' }],
    ['Result window is too large (field error)', 400, { offset: ['Result window is too large'] }],
    ['InvalidPage', 404, { detail: 'Invalid page.' }],
    ['InvalidPage (named)', 404, { error: 'InvalidPage' }],
  ])('ignores %s: that side contributes nothing, without a warning', async (_, status, body) => {
    serve({ internal: ok(INTERNAL), external: failWith(status, body) });
    const result = await searchImages(client, { q: 'sea', api: BOTH, offset: 9000, limit: 100 });
    expect(result.warnings).toEqual([]);
    expect(result.images).toEqual(INTERNAL.images);
    expect(result.total).toBe(INTERNAL.total);
  });

  it('answers an empty result when both sides are past their window', async () => {
    const tooFar = failWith(400, { detail: 'Result window is too large' });
    serve({ internal: tooFar, external: tooFar });
    const result = await searchImages(client, { api: BOTH, offset: 99_000, limit: 100 });
    expect(result).toMatchObject({ images: [], total: 0, warnings: [] });
  });

  it('throws the first error when every side fails', async () => {
    serve({
      internal: failWith(500, { detail: 'Internal search is down.' }),
      external: failWith(503, { detail: 'Stock search is down.' }),
    });
    const error = await searchImages(client, { q: 'sea', api: BOTH }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('Internal search is down.');
    expect((error as ApiError).status).toBe(500);
  });

  it('a failed side next to an ignored one is a warning, not a throw', async () => {
    serve({
      internal: failWith(400, { detail: 'Result window is too large' }),
      external: failWith(500, { detail: 'Stock search is down.' }),
    });
    const result = await searchImages(client, { q: 'sea', api: BOTH });
    expect(result.warnings).toEqual(['External results not available. Stock search is down.']);
    expect(result.images).toEqual([]);
  });
});

describe('helpers', () => {
  it('splitPage gives the internal side the larger half', () => {
    expect(splitPage(0, 1)).toEqual({
      internal: { offset: 0, limit: 1 },
      external: { offset: 0, limit: 0 },
    });
  });

  it('mergeSearchResponses tolerates partial responses (the related-images search)', () => {
    expect(mergeSearchResponses([{ images: [card(1)] }, { images: [card(2)], total: 4 }])).toEqual(
      response({ images: [card(1), card(2)], total: 4 }),
    );
    expect(mergeSearchResponses([])).toEqual(response());
  });

  it('mergeSearchResponses flags estimated facets and keeps a suggestion only when nothing matched', () => {
    const none = mergeSearchResponses([
      { total: 0, suggestion: 'monet' },
      { total: 0, facets_estimated: true },
    ]);
    expect(none.suggestion).toBe('monet');
    expect(none.facets_estimated).toBe(true);
    const found = mergeSearchResponses([{ total: 0, suggestion: 'monet' }, { total: 3 }]);
    expect(found.suggestion).toBeUndefined();
    expect(found.facets_estimated).toBeUndefined();
  });
});
