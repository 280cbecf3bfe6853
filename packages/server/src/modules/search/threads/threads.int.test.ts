import { searchResponse, type SearchResponse } from '@atelier/contracts';
import { sql } from 'kysely';
import { GUEST } from '../../../plugins/viewer';
import { createTestApp, type TestContext } from '../../../test/app';
import { createSearchRepository } from '../query/repository';
import { createSearchService, FAVORITES_SIGN_IN, RESULT_WINDOW_MESSAGE } from '../query/service';
import { loadTestCatalogue } from '../testing';
import type { SearchPool } from './pool';

const CATALOGUE = 120;
const THREADS = 2;

/**
 * PGlite's searches on worker threads (docs/search.md, Threads): what a client sees must be
 * what the main thread answers, with every write this process acknowledged, and the same
 * 400s; a thread that dies is replaced. (The other search tests run on threads too when
 * TEST_SEARCH_THREADS is set.)
 */
describe('search on threads (PGlite)', () => {
  let ctx: TestContext;
  let pool: SearchPool;

  const get = (url: string) => ctx.app.inject({ url });
  const search = async (query: string): Promise<SearchResponse> => {
    const res = await get(`/content/search/v3/?${query}`);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return searchResponse.parse(res.json());
  };
  /** `n` searches at once, so that every thread answers some. */
  const together = (query: string, n = 4 * THREADS) =>
    Promise.all(Array.from({ length: n }, () => search(query)));

  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { searchThreads: THREADS } });
    await loadTestCatalogue(ctx.database.db, CATALOGUE);
    const threads = ctx.app.searchThreads;
    if (!threads) throw new Error('no search threads');
    pool = threads;
    expect(await ctx.app.buildSearchIndex()).toBeGreaterThan(0);
    expect(pool.load()).toEqual([0, 0]);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers as the main thread's service does, on every thread", async () => {
    const inProcess = createSearchService(createSearchRepository(ctx.database.db));
    const want = await inProcess.search(
      { q: 'landscape', sort: 'best_match', limit: 20, offset: 0, colours: ['blue'] },
      GUEST,
    );
    const answers = await together('q=landscape&sort=best_match&limit=20&colours=blue');
    for (const answer of answers) expect(answer).toEqual(JSON.parse(JSON.stringify(want)));
    const related = await get('/content/search/?q=landscape&limit=3');
    expect(related.statusCode).toBe(200);
    expect(related.json()).toEqual(
      JSON.parse(JSON.stringify(await inProcess.related({ q: 'landscape', limit: 3 }, GUEST))),
    );
  });

  it('shows every acknowledged write of this process in the next search, on every thread', async () => {
    const answered = pool.threads().map(() => 0);
    pool.threads().forEach((thread, i) =>
      thread.on('message', () => {
        answered[i] = (answered[i] ?? 0) + 1;
      }),
    );
    for (const round of [1, 2, 3]) {
      const word = `okapi${'x'.repeat(round)}`;
      expect((await together(`q=${word}`)).every((answer) => answer.total === 0)).toBe(true);
      await ctx.database.db
        .updateTable('images')
        .set({ title: `The ${word} at noon`, published: true })
        .where('id', '=', round)
        .execute();
      // No wait: the write is done, so every search after it finds it.
      for (const answer of await together(`q=${word}`)) {
        expect(answer.images.map((image) => image.id)).toEqual([round]);
      }
    }
    await sql`delete from images where id = 3`.execute(ctx.database.db);
    for (const answer of await together('q=okapixxx')) expect(answer.total).toBe(0);
    expect(answered.every((n) => n > 0)).toBe(true);
  });

  it('answers the service’s errors as the same 400s, and validation stays in the main thread', async () => {
    const window = await get('/content/search/v3/?offset=9990&limit=100');
    expect(window.statusCode).toBe(400);
    expect(window.json()).toEqual({ offset: [RESULT_WINDOW_MESSAGE] });
    const favourites = await get('/content/search/v3/?favorites=true');
    expect(favourites.statusCode).toBe(400);
    expect(favourites.json()).toEqual({ favorites: [FAVORITES_SIGN_IN] });
    const invalid = await get('/content/search/v3/?orientation=diagonal');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ orientation: ['"diagonal" is not a valid choice.'] });
  });

  it('replaces a thread that dies; the others answer meanwhile, the new one is current', async () => {
    const [victim] = pool.threads();
    if (!victim) throw new Error('no thread');
    const exited = new Promise((resolve) => victim.on('exit', resolve));
    await victim.terminate();
    await exited;
    expect(pool.threads()).not.toContain(victim);
    expect((await search('q=okapix')).images.map((image) => image.id)).toEqual([1]);
    await ctx.database.db
      .updateTable('images')
      .set({ title: 'A tapir in the rain', published: true })
      .where('id', '=', 4)
      .execute();
    // The replacement builds its index (from the database, after the write).
    for (let waited = 0; pool.threads().length < THREADS; waited += 50) {
      if (waited > 60_000) throw new Error('the thread was not replaced');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const answer of await together('q=tapir')) {
      expect(answer.images.map((image) => image.id)).toEqual([4]);
    }
  }, 90_000);
});
