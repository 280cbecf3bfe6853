import { artistProfilePage } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { register, signIn, withJwt } from '../auth/testing';

describe.each(TEST_DRIVERS)('GET /api/artist-profile/ on %s', (driver) => {
  let ctx: TestContext;
  let artist: { uuid: string; access: string };
  let other: { uuid: string; access: string };
  let staff: { access: string };
  let artistProfileId: number;

  const userNamed = async (email: string) => {
    const { uuid } = (await register(ctx.app, email)).json<{ uuid: string }>();
    const { access } = await signIn(ctx.app, email);
    return { uuid, access };
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    artist = await userNamed('painter@example.com');
    other = await userNamed('sculptor@example.com');
    const staffUser = await userNamed('boss@example.com');
    await ctx.database.db
      .updateTable('users')
      .set({ is_staff: true })
      .where('email', '=', 'boss@example.com')
      .execute();
    staff = { access: staffUser.access };
    const id = (email: string) =>
      ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    const row = await ctx.database.db
      .insertInto('artist_profiles')
      .values({
        user_id: (await id('painter@example.com')).id,
        full_name: 'Pat Painter',
        bio: 'Oils.',
        email: 'painter@example.com',
        photo: 'artists/pat.jpg',
        approved: true,
        created: new Date('2025-01-02T03:04:05Z'),
        location: JSON.stringify({ formatted_address: 'Porto, Portugal', latitude: 41.15 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    artistProfileId = row.id;
    await ctx.database.db
      .insertInto('artist_profiles')
      .values({ user_id: (await id('sculptor@example.com')).id, full_name: 'Sam Sculptor' })
      .execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = (query: string, access?: string) =>
    ctx.app.inject({ url: `/api/artist-profile/${query}`, headers: access ? withJwt(access) : {} });

  it("answers a user's own artist profile as a DRF page", async () => {
    const res = await list(`?user_uuid=${artist.uuid}`, artist.access);
    expect(res.statusCode).toBe(200);
    const page = artistProfilePage.parse(res.json());
    expect(page).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: artistProfileId,
          full_name: 'Pat Painter',
          photo: '/media/artists/pat.jpg',
          bio: 'Oils.',
          email: 'painter@example.com',
          approved: true,
          created: '2025-01-02T03:04:05.000Z',
          location: { formatted_address: 'Porto, Portugal', latitude: 41.15 },
        },
      ],
    });
  });

  it("never shows a user someone else's profile", async () => {
    const res = await list(`?user_uuid=${artist.uuid}`, other.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 0, results: [] });
    const all = artistProfilePage.parse((await list('', other.access)).json());
    expect(all.results.map((p) => p.full_name)).toEqual(['Sam Sculptor']);
  });

  it('shows staff any profile, filtered by user_uuid', async () => {
    const all = artistProfilePage.parse((await list('', staff.access)).json());
    expect(all.count).toBe(2);
    const one = artistProfilePage.parse(
      (await list(`?user_uuid=${other.uuid}`, staff.access)).json(),
    );
    expect(one.results.map((p) => p.full_name)).toEqual(['Sam Sculptor']);
    expect(one.results[0]).toMatchObject({ photo: null, location: null, approved: false });
  });

  it('pages with limit and offset', async () => {
    const page = artistProfilePage.parse((await list('?limit=1', staff.access)).json());
    expect(page.results).toHaveLength(1);
    expect(page.next).toBe('http://localhost/api/artist-profile/?limit=1&offset=1');
  });

  it('answers 401 to a guest, before looking at the query', async () => {
    for (const query of [`?user_uuid=${artist.uuid}`, '?user_uuid=nope']) {
      const res = await list(query);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('answers 400 for a user_uuid that is not a UUID', async () => {
    const res = await list('?user_uuid=nope', artist.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user_uuid: ['Enter a valid UUID.'] });
  });
});
