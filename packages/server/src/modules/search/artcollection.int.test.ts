import { searchResponse, type SearchResponse } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { insertCollection, testUser, type TestUser } from '../collections/testing';
import { NO_SUCH_COLLECTION } from './query/service';
import { bruteFacets, facetRows, loadTestCatalogue, nonZero, type FacetRow } from './testing';

const CATALOGUE = 60;
const INVALID = { artcollection: [NO_SUCH_COLLECTION] };

describe.each(TEST_DRIVERS)('search artcollection filter on %s', (driver) => {
  let ctx: TestContext;
  let rows: FacetRow[];
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  /** Image ids of the public collection (one unpublished) and of the private one. */
  let members: number[];
  let publicId: number;
  let privateId: number;
  let hidden: number;

  const get = (query: string, as?: TestUser) =>
    ctx.app.inject({ url: `/content/search/v3/?${query}`, headers: as ? as.headers : {} });
  const search = async (query: string, as?: TestUser): Promise<SearchResponse> => {
    const res = await get(query, as);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    return searchResponse.parse(res.json());
  };
  const ids = (result: SearchResponse) =>
    result.images.map((image) => image.id).sort((a, b) => a - b);

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    await loadTestCatalogue(ctx.database.db, CATALOGUE);
    rows = await facetRows(ctx.database.db);
    // Every fourth image, and one unpublished image among them.
    members = rows.filter((row) => row.id % 4 === 1).map((row) => row.id);
    hidden = members[1] as number;
    await ctx.database.db.updateTable('images').set({ published: true }).execute();
    await ctx.database.db
      .updateTable('images')
      .set({ published: false })
      .where('id', '=', hidden)
      .execute();
    rows = await facetRows(ctx.database.db);
    owner = await testUser(ctx.app, ctx.database, 'owner@example.com');
    other = await testUser(ctx.app, ctx.database, 'other@example.com');
    staff = await testUser(ctx.app, ctx.database, 'staff@example.com', { staff: true });
    publicId = await insertCollection(ctx.database, { name: 'Every fourth', owner }, members);
    privateId = await insertCollection(
      ctx.database,
      { name: 'Private', owner, public: false },
      [2, 3],
    );
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  it("answers only the collection's images, published ones for non-staff", async () => {
    const visible = members.filter((id) => id !== hidden);
    const result = await search(`artcollection=${publicId}&limit=100`);
    expect(ids(result)).toEqual(visible);
    expect(result).toMatchObject({ total: visible.length, total_is_partial: false });
    expect(ids(await search(`artcollection=${publicId}&limit=100`, staff))).toEqual(members);
  });

  it('counts facets within the collection, disjunctively', async () => {
    const inCollection = rows.filter((row) => members.includes(row.id) && row.published);
    const orientation = inCollection[0]?.orientation as string;
    const result = await search(`artcollection=${publicId}&orientation=${orientation}`);
    const brute = bruteFacets(inCollection, { orientation: [orientation] });
    expect(nonZero(result.facets)).toEqual(nonZero(brute));
    expect(result.total).toBe(inCollection.filter((row) => row.orientation === orientation).length);
  });

  it('combines with words and sorts', async () => {
    const target = members[2] as number;
    await ctx.database.db
      .updateTable('images')
      .set({ title: 'Quokka on a beach' })
      .where('id', 'in', [target, 2])
      .execute();
    expect(ids(await search(`artcollection=${publicId}&q=quokka`))).toEqual([target]);
    expect(ids(await search('q=quokka'))).toEqual([2, target]);
    const popular = await search(`artcollection=${publicId}&sort=popular&limit=100`);
    expect(ids(popular)).toEqual(members.filter((id) => id !== hidden));
  });

  it('follows changes of the contents at once (cached counts are keyed by them)', async () => {
    const before = await search(`artcollection=${publicId}`);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/collections/${publicId}/prepend/`,
      headers: owner.headers,
      payload: { prepend: [4] },
    });
    expect(res.statusCode).toBe(200);
    try {
      const after = await search(`artcollection=${publicId}`);
      expect(after.total).toBe(before.total + 1);
      expect(ids(after)).toContain(4);
    } finally {
      await ctx.database.db
        .deleteFrom('collection_images')
        .where('collection_id', '=', publicId)
        .where('image_id', '=', 4)
        .execute();
    }
  });

  it.each([
    ['a guest', () => undefined, 400],
    ['another customer', () => other, 400],
    ['the owner', () => owner, 200],
    ['staff', () => staff, 200],
  ])('lets %s filter by a private collection? %s', async (_, as, status) => {
    const res = await get(`artcollection=${privateId}`, as());
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json()).toEqual(INVALID);
    else expect(ids(searchResponse.parse(res.json()))).toEqual([2, 3]);
  });

  it('refuses an id that names no collection', async () => {
    const res = await get('artcollection=987654', staff);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
  });
});
