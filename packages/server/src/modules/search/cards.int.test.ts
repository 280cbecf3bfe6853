import { searchResponse, type SearchResponse } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { loadTestCatalogue } from './testing';

describe.each(TEST_DRIVERS)('search cards kept in memory on %s', (driver) => {
  let ctx: TestContext;
  const search = async (query: string): Promise<SearchResponse> => {
    const res = await ctx.app.inject({ url: `/content/search/v3/?${query}` });
    expect(res.statusCode).toBe(200);
    return searchResponse.parse(res.json());
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    await loadTestCatalogue(ctx.database.db, 30);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('shows an artist’s new name and an image’s new title at once', async () => {
    const [first] = (await search('limit=5')).images;
    if (!first) throw new Error('no images');
    const { artist_id } = await ctx.database.db
      .selectFrom('images')
      .select('artist_id')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('artists')
      .set({ name: 'Renamed Artist' })
      .where('id', '=', artist_id)
      .execute();
    // The same search: neither its cached page nor the cached cards may answer stale.
    const renamed = (await search('limit=5')).images.find((image) => image.id === first.id);
    expect(renamed).toMatchObject({ title: first.title, artist: 'Renamed Artist' });
    await ctx.database.db
      .updateTable('images')
      .set({ title: 'Retitled' })
      .where('id', '=', first.id)
      .execute();
    const retitled = (await search('limit=5')).images.find((image) => image.id === first.id);
    expect(retitled).toMatchObject({ title: 'Retitled', artist: 'Renamed Artist' });
  });

  it('drops a card its viewer may no longer see', async () => {
    const [first] = (await search('limit=7')).images;
    if (!first) throw new Error('no images');
    await ctx.database.db
      .updateTable('images')
      .set({ published: false })
      .where('id', '=', first.id)
      .execute();
    expect((await search('limit=7')).images.map((image) => image.id)).not.toContain(first.id);
  });

  it('finds an artist by a new name at once, and no longer by the old one', async () => {
    const artist = await ctx.database.db
      .selectFrom('artists')
      .innerJoin('images', 'images.artist_id', 'artists.id')
      .select(['artists.id', 'artists.name', 'artists.royalty_code'])
      .where('images.published', '=', true)
      .executeTakeFirstOrThrow();
    const quoted = (name: string) => `q=${encodeURIComponent(`"${name}"`)}`;
    const before = await search(quoted(artist.name));
    expect(before.total).toBeGreaterThan(0);
    const byCode = await search(`royalty_code=${artist.royalty_code}`);
    await ctx.database.db
      .updateTable('artists')
      .set({ name: 'Zephyrine Quillfeather', royalty_code: 'ZQ000001' })
      .where('id', '=', artist.id)
      .execute();
    expect((await search(quoted('Zephyrine Quillfeather'))).total).toBe(before.total);
    expect((await search(quoted('zephyrine QUILLFEATHER'))).total).toBe(before.total);
    expect((await search(quoted(artist.name))).total).toBe(0);
    expect((await search('royalty_code=ZQ000001')).total).toBe(byCode.total);
    expect((await search(`royalty_code=${artist.royalty_code}`)).total).toBe(0);
    // A name beyond ASCII is matched by PostgreSQL (its case folding), as before.
    await ctx.database.db
      .updateTable('artists')
      .set({ name: 'Zoë Ångström' })
      .where('id', '=', artist.id)
      .execute();
    expect((await search(quoted('Zoë Ångström'))).total).toBe(before.total);
    expect((await search(quoted('Zephyrine Quillfeather'))).total).toBe(0);
  });

  it('finds an image by its local id in any case, and by a new one at once', async () => {
    const [image] = (await search('limit=3&offset=2')).images;
    if (!image) throw new Error('no images');
    const byId = async (localId: string) =>
      (await search(`q=${encodeURIComponent(localId)}`)).images.map((found) => found.id);
    expect(await byId(image.local_id.toLowerCase())).toEqual([image.id]);
    await ctx.database.db
      .updateTable('images')
      .set({ local_id: 'RENAMED0042' })
      .where('id', '=', image.id)
      .execute();
    expect(await byId('renamed0042')).toEqual([image.id]);
    expect(await byId(image.local_id)).not.toContain(image.id);
  });

  it('are the cards the database reads, field for field', async () => {
    const res = await ctx.app.inject({ url: '/content/search/v3/?limit=100&q=' });
    const images = searchResponse.parse(res.json()).images;
    expect(images.length).toBeGreaterThan(20);
    for (const image of images) {
      const detail = await ctx.app.inject({ url: `/api/images/${image.id}/` });
      const full = detail.json<Record<string, unknown>>();
      for (const key of Object.keys(image) as (keyof typeof image)[]) {
        expect([key, full[key]]).toEqual([key, image[key]]);
      }
    }
  });
});
