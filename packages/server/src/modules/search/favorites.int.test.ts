import { searchResponse, type SearchResponse } from '@atelier/contracts';
import type { Viewer } from '../../plugins/viewer';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { register, signIn, withJwt } from '../auth/testing';
import { createSearchRepository } from './query/repository';
import { createSearchService, FAVORITES_SIGN_IN } from './query/service';
import {
  bruteFacets,
  facetRows,
  loadTestCatalogue,
  nonZero,
  passes,
  type BruteFilters,
  type FacetRow,
} from './testing';

const CATALOGUE = 300;

const newest = (a: FacetRow, b: FacetRow) =>
  b.created.getTime() - a.created.getTime() || b.id - a.id;
const popular = (a: FacetRow, b: FacetRow) => b.popularity - a.popularity || newest(a, b);

describe.each(TEST_DRIVERS)('search favorites filter on %s', (driver) => {
  let ctx: TestContext;
  let rows: FacetRow[];
  const users: Record<'alice' | 'bob' | 'staff', { headers: Record<string, string>; id: number }> =
    {} as never;
  const favourites: Record<'alice' | 'bob' | 'staff', Set<number>> = {
    alice: new Set(),
    bob: new Set(),
    staff: new Set(),
  };

  const search = async (query: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ url: `/content/search/v3/?${query}`, headers });
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    return searchResponse.parse(res.json());
  };
  const ids = (result: SearchResponse) => result.images.map((i) => i.id);
  const favourite = async (who: keyof typeof users, id: number, on = true) => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/content/edit/${id}/`,
      headers: users[who].headers,
      payload: { favorite: on },
    });
    if (res.statusCode !== 200) throw new Error(`favourite ${id}: ${res.statusCode} ${res.body}`);
    if (on) favourites[who].add(id);
    else favourites[who].delete(id);
  };
  /** The rows a user's favourites search should find (non-staff: published ones only). */
  const expected = (who: keyof typeof users, filters: BruteFilters = {}) =>
    rows.filter(
      (row) =>
        favourites[who].has(row.id) && (who === 'staff' || row.published) && passes(row, filters),
    );
  const visibleFavourites = (who: keyof typeof users) =>
    rows.filter((row) => favourites[who].has(row.id) && (who === 'staff' || row.published));

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const db = ctx.database.db;
    await loadTestCatalogue(db, CATALOGUE);
    for (const who of ['alice', 'bob', 'staff'] as const) {
      const email = `${who}@example.com`;
      await register(ctx.app, email);
      if (who === 'staff') {
        await db.updateTable('users').set({ is_staff: true }).where('email', '=', email).execute();
      }
      const id = (
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
      users[who] = { headers: withJwt((await signIn(ctx.app, email)).access), id };
    }
    const all = await facetRows(db);
    const published = all.filter((row) => row.published);
    // Alice: every third published image (about 90); Bob: a few, some shared with Alice.
    for (const row of published.filter((_, i) => i % 3 === 0)) await favourite('alice', row.id);
    for (const row of published.filter((_, i) => i % 20 === 0)) await favourite('bob', row.id);
    // Staff: an unpublished image and a published one.
    const hidden = all.find((row) => !row.published);
    if (!hidden) throw new Error('the test catalogue has no unpublished image');
    await favourite('staff', hidden.id);
    await favourite('staff', published[1]?.id as number);
    // One of Alice's favourites is unpublished afterwards: she no longer finds it.
    const gone = published[0]?.id as number;
    await db.updateTable('images').set({ published: false }).where('id', '=', gone).execute();
    rows = await facetRows(db);
    expect(favourites.alice.size).toBeGreaterThan(50);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  it("finds only the caller's favourites, newest first, with brute-force facets", async () => {
    const result = await search('favorites=true&limit=1000', users.alice.headers);
    const want = expected('alice').sort(newest);
    expect(want.length).toBe(favourites.alice.size - 1);
    expect(ids(result)).toEqual(want.map((r) => r.id));
    expect(result).toMatchObject({ total: want.length, total_is_partial: false });
    expect(nonZero(result.facets)).toEqual(bruteFacets(visibleFavourites('alice'), {}));

    const bob = await search('favorites=true&limit=1000', users.bob.headers);
    expect(ids(bob)).toEqual(
      expected('bob')
        .sort(newest)
        .map((r) => r.id),
    );
    expect(bob.total).toBeLessThan(result.total);
  });

  it.each<[string, BruteFilters]>([
    ['orientation=horizontal,square', { orientation: ['horizontal', 'square'] }],
    ['price=2,3&people=false', { price: [2, 3], people: false }],
    ['colours=blue,green&api=internal', { colours: ['blue', 'green'], api: 'internal' }],
    ['sources=GET,GETRM', { sources: ['GET', 'GETRM'] }],
  ])('%s with favorites=true: the right images and disjunctive facets', async (query, filters) => {
    const result = await search(`favorites=true&${query}&limit=1000`, users.alice.headers);
    const want = expected('alice', filters);
    expect(result.total).toBe(want.length);
    expect(ids(result)).toEqual([...want].sort(newest).map((r) => r.id));
    expect(nonZero(result.facets)).toEqual(bruteFacets(visibleFavourites('alice'), filters));
  });

  it('combines with words, and sorts by popularity', async () => {
    const all = await search('favorites=true&limit=1000&sort=popular', users.alice.headers);
    expect(ids(all)).toEqual(
      expected('alice')
        .sort(popular)
        .map((r) => r.id),
    );
    // A word from one of the favourites' titles: only favourites come back.
    const title = (
      await ctx.database.db
        .selectFrom('images')
        .select('title')
        .where('id', '=', ids(all)[0] as number)
        .executeTakeFirstOrThrow()
    ).title;
    const word = title.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w)) as string;
    const words = await search(
      `favorites=true&limit=1000&q=${encodeURIComponent(word)}`,
      users.alice.headers,
    );
    const everyone = await search(`limit=1000&q=${encodeURIComponent(word)}`);
    expect(words.total).toBeGreaterThan(0);
    expect(ids(words)).toEqual(ids(everyone).filter((id) => favourites.alice.has(id)));
  });

  it('shows staff their unpublished favourites', async () => {
    const result = await search('favorites=true', users.staff.headers);
    expect(ids(result).sort()).toEqual([...favourites.staff].sort());
    expect(result.images.some((i) => !i.published)).toBe(true);
  });

  it('refuses guests, and treats favorites=false as no filter', async () => {
    const res = await ctx.app.inject({ url: '/content/search/v3/?favorites=true' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ favorites: [FAVORITES_SIGN_IN] });
    const none = await search('favorites=false', users.alice.headers);
    expect(none.total).toBe(rows.filter((r) => r.published).length);
  });

  it('answers the latest toggles at once (favourites searches are not cached)', async () => {
    const before = await search('favorites=true&limit=1000', users.bob.headers);
    const first = ids(before)[0] as number;
    await favourite('bob', first, false);
    try {
      const after = await search('favorites=true&limit=1000', users.bob.headers);
      expect(after.total).toBe(before.total - 1);
      expect(ids(after)).not.toContain(first);
      expect(nonZero(after.facets)).toEqual(bruteFacets(visibleFavourites('bob'), {}));
    } finally {
      await favourite('bob', first, true);
    }
    expect((await search('favorites=true&limit=1000', users.bob.headers)).total).toBe(before.total);
  });

  it('pages correctly when the favourites pass the count cap', async () => {
    const service = createSearchService(createSearchRepository(ctx.database.db), {
      countCap: 10,
      facetSample: 4,
    });
    const viewer: Viewer = { userId: users.alice.id, userUuid: null, isStaff: false };
    for (const sort of ['newest', 'popular'] as const) {
      const want = expected('alice')
        .sort(sort === 'newest' ? newest : popular)
        .map((r) => r.id);
      for (const offset of [0, 7, 40, want.length - 3]) {
        const page = await service.search(
          { q: '', sort, limit: 7, offset, favorites: true },
          viewer,
        );
        expect(page.images.map((i) => i.id)).toEqual(want.slice(offset, offset + 7));
        if (offset === 0)
          expect(page).toMatchObject({ total_is_partial: false, facets_estimated: true });
      }
    }
  });
});
