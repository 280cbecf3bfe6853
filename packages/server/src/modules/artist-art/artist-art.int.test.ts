import { artistArtPage, artistArtworkDetail, artistOwnProfile } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { newUser, pictureBase64, type Headers } from '../artist-applications/testing';
import { insertItem, insertProject, postCheckout } from '../checkout/testing';

describe.each(TEST_DRIVERS)("the artist's art and sales on %s", (driver) => {
  let ctx: TestContext;
  let artist: Headers;
  let other: Headers;
  let artistId: number;
  let sold: number;
  let unsold: number;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 30 });
    artist = await newUser(ctx.app, 'seller@example.com');
    other = await newUser(ctx.app, 'someone@example.com');
    const db = ctx.database.db;
    // An artist with two pictures.
    const [first, second] = await db
      .selectFrom('images')
      .select(['id', 'artist_id'])
      .orderBy('id')
      .limit(2)
      .execute();
    if (!first || !second) throw new Error('no catalogue');
    artistId = first.artist_id;
    await db
      .updateTable('images')
      .set({ artist_id: artistId })
      .where('id', '=', second.id)
      .execute();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'seller@example.com')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('artist_profiles')
      .values({ user_id: user.id, full_name: 'Seller', approved: true, artist_id: artistId })
      .execute();
    const mine = await db
      .selectFrom('images')
      .select('id')
      .where('artist_id', '=', artistId)
      .orderBy('id')
      .execute();
    await db
      .updateTable('images')
      .set({ published: true })
      .where('artist_id', '=', artistId)
      .execute();
    sold = mine[0]?.id ?? 0;
    unsold = mine[1]?.id ?? 0;
    // Two orders of the first picture: 2 prints, then 1.
    for (const quantity of [2, 1]) {
      const project = await insertProject(db);
      await insertItem(db, project.id, { imageId: sold, w: 16, h: 12, quantity });
      const res = await postCheckout(ctx.app, project.token);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists the pictures with orders, prints sold and the royalties of the order lines', async () => {
    const res = await ctx.app.inject({ url: '/api/artist-portal/art/', headers: artist });
    expect(res.statusCode).toBe(200);
    const page = artistArtPage.parse(res.json());
    const lines = await ctx.database.db
      .selectFrom('order_lines')
      .select(['royalty', 'quantity'])
      .where('image_id', '=', sold)
      .execute();
    const royalties = lines.reduce((sum, l) => sum + l.royalty, 0);
    expect(royalties).toBeGreaterThan(0);
    expect(page.results.find((a) => a.id === sold)).toMatchObject({
      orders: 2,
      prints_sold: 3,
      royalties,
      published: true,
    });
    expect(page.results.find((a) => a.id === unsold)).toMatchObject({
      orders: 0,
      prints_sold: 0,
      royalties: 0,
    });
    expect(page.totals).toEqual({ orders: 2, prints_sold: 3, royalties });
    const onlySold = artistArtPage.parse(
      (await ctx.app.inject({ url: '/api/artist-portal/art/?sold=true', headers: artist })).json(),
    );
    expect(onlySold.results.map((a) => a.id)).toEqual([sold]);
  });

  it('shows one picture with its sales, and nobody else’s', async () => {
    const res = await ctx.app.inject({ url: `/api/artist-portal/art/${sold}/`, headers: artist });
    const detail = artistArtworkDetail.parse(res.json());
    expect(detail.sales.map((s) => s.quantity).sort()).toEqual([1, 2]);
    expect(detail.sales[0]).toMatchObject({
      width: 16,
      height: 12,
      substrate: 'print',
      royalty_rate_bp: 2500,
    });
    const theirs = await ctx.database.db
      .selectFrom('images')
      .select('id')
      .where('artist_id', '!=', artistId)
      .executeTakeFirstOrThrow();
    expect(
      (await ctx.app.inject({ url: `/api/artist-portal/art/${theirs.id}/`, headers: artist }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/artist-portal/art/${sold}/`, headers: other })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/artist-portal/art/' })).statusCode).toBe(401);
  });

  it('edits the profile: photo checked by content, location as plain text', async () => {
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-portal/profile/',
      headers: artist,
      payload: { full_name: 'Seller', photo: Buffer.from('GIF89a').toString('base64') },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['photo']);
    const noName = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-portal/profile/',
      headers: artist,
      payload: { full_name: '  ' },
    });
    expect(noName.json()).toEqual({ full_name: ['This field may not be blank.'] });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/artist-portal/profile/',
      headers: artist,
      payload: {
        full_name: 'Sal Seller',
        bio: 'Prints.',
        location: 'Lisbon, Portugal',
        photo: await pictureBase64('png'),
      },
    });
    const profile = artistOwnProfile.parse(saved.json());
    expect(profile).toMatchObject({
      full_name: 'Sal Seller',
      location: 'Lisbon, Portugal',
      artist: { id: artistId },
    });
    expect(profile.photo).toMatch(/^\/media\/artist-photos\/.+\.jpg$/);
    // The public artist page shows it to anyone; an artist with no approved profile has none.
    const page = await ctx.app.inject({ url: `/api/artist/${artistId}/page/` });
    expect(page.json()).toMatchObject({
      artist: { id: artistId },
      full_name: 'Sal Seller',
      bio: 'Prints.',
      location: 'Lisbon, Portugal',
    });
    const other = await ctx.database.db
      .selectFrom('artists')
      .select('id')
      .where('id', '!=', artistId)
      .executeTakeFirstOrThrow();
    expect((await ctx.app.inject({ url: `/api/artist/${other.id}/page/` })).statusCode).toBe(404);
    const listed = await ctx.app.inject({ url: '/api/artist-profile/', headers: artist });
    expect(listed.json()).toMatchObject({
      results: [{ location: { formatted_address: 'Lisbon, Portugal' } }],
    });
  });
});
