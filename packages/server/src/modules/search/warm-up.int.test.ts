import { GUEST } from '../../plugins/viewer';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { createSearchRepository } from './query/repository';
import { createSearchService, type SearchRequest } from './query/service';
import { warmUpRequest, warmUpSearch } from './query/warm-up';
import { loadTestCatalogue } from './testing';

/**
 * The warm-up a server's index runs before it listens: searches of every kind, then nothing
 * of them left behind for visitors' searches.
 */
describe.each(TEST_DRIVERS)('search warm-up on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    await loadTestCatalogue(ctx.database.db, 600);
  });
  afterAll(async () => ctx.close());

  it("runs searches of every shape, sort and filter, made of the catalogue's words", async () => {
    const repository = createSearchRepository(ctx.database.db);
    const index = await repository.warm();
    const words = index.sampleWords(16);
    const artists = repository.sampleArtists(8);
    expect(words.common.length).toBeGreaterThan(0);
    expect(words.middling.length + words.rare.length).toBeGreaterThan(0);
    expect(artists.length).toBeGreaterThan(0);
    const requests = Array.from({ length: 200 }, (_, k) => warmUpRequest(k, words, artists));
    const qs = requests.map((r) => r.q);
    expect(qs.some((q) => q === '')).toBe(true);
    expect(qs.some((q) => /^"[^"]+ [^"]+"$/.test(q))).toBe(true);
    expect(qs.some((q) => q.includes('|'))).toBe(true);
    expect(qs.some((q) => /(^| )-\w/.test(q))).toBe(true);
    expect(qs.some((q) => artists.some((a) => q === `"${a.name}"`))).toBe(true);
    expect(new Set(requests.map((r) => r.sort))).toEqual(
      new Set(['newest', 'popular', 'best_match']),
    );
    const dimensions: (keyof SearchRequest)[] = [
      'substrate',
      'colours',
      'orientation',
      'minimum_size',
      'price',
      'people',
      'image_type',
      'sources',
      'royalty_code',
      'api',
    ];
    for (const dimension of dimensions) {
      expect(requests.some((r) => r[dimension] !== undefined)).toBe(true);
    }
    expect(requests.some((r) => r.offset > 0)).toBe(true);
  });

  it('leaves nothing behind: visitors get what a server that never searched answers', async () => {
    const repository = createSearchRepository(ctx.database.db);
    const service = createSearchService(repository);
    const result = await warmUpSearch(service, repository, { searches: 300, maxMs: 60_000 });
    expect(result).toMatchObject({ searches: 300, failures: 0 });
    expect(service.cacheStats()).toEqual({ hits: 0, misses: 0, size: 0, pageHits: 0 });

    const index = await repository.index();
    const word = index.sampleWords(1).common[0] as string;
    const request: SearchRequest = { q: word, sort: 'best_match', limit: 20, offset: 0 };
    const fresh = createSearchService(createSearchRepository(ctx.database.db));
    const answer = await service.search(request, GUEST);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer).toEqual(await fresh.search(request, GUEST));
    // The answer was computed, not found in a cache the warm-up filled.
    expect(service.cacheStats()).toMatchObject({ hits: 0, size: 1 });
  });

  it('stops at its time limit, and runs nothing when asked for none', async () => {
    const repository = createSearchRepository(ctx.database.db);
    const service = createSearchService(repository);
    expect(await warmUpSearch(service, repository, { searches: 0, maxMs: 60_000 })).toEqual({
      searches: 0,
      failures: 0,
      ms: 0,
    });
    const limited = await warmUpSearch(service, repository, { searches: 100_000, maxMs: 50 });
    expect(limited.searches).toBeLessThan(100_000);
    expect(limited.searches).toBeGreaterThan(0);
  });
});
