import {
  CONTENT_EDIT_ONE_ACTION,
  EXTERNAL_PUBLISH_MESSAGE,
  POPULAR_TRUE_ONLY,
  contentEditResponse,
  image,
  searchResponse,
} from '@atelier/contracts';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { register, signIn, withJwt } from '../auth/testing';
import { loadTestCatalogue } from '../search/testing';
import { createContentEditRepository } from './repository';

/** Image ids given known states before the tests (whatever the synthetic catalogue drew). */
const PUBLISHED = 1;
const UNPUBLISHED = 2;
const EXTERNAL_GET = 3;
const EXTERNAL_GETRM = 4;
const SPARE = 5;

describe.each(TEST_DRIVERS)('PATCH /content/edit/{id}/ on %s', (driver) => {
  let ctx: TestContext;
  let customer: Record<string, string>;
  let other: Record<string, string>;
  let staff: Record<string, string>;
  let customerId: number;

  const userNamed = async (email: string) => {
    await register(ctx.app, email);
    const { access } = await signIn(ctx.app, email);
    return withJwt(access);
  };

  const edit = (
    id: number | string,
    payload?: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/content/edit/${id}/`,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A new guest browser session: its cookie header (made by GET /api/v2/profile/). */
  /** A guest browser's session, made as a real one is: by the guest's first cart. */
  const guestSession = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/projects/',
      payload: { cart_email: 'guest@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toMatch(/^sessionid=./);
    return { cookie };
  };

  /** The popularity once the recorder's batch is written. */
  const flushed = async (id: number) => {
    await ctx.app.popularity.flush();
    return (await row(id)).popularity;
  };

  const row = (id: number) =>
    ctx.database.db
      .selectFrom('images')
      .select(['published', 'popularity', 'updated', 'source'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const favouriteRows = (userId: number) =>
    ctx.database.db
      .selectFrom('favourites')
      .select('image_id')
      .where('user_id', '=', userId)
      .orderBy('image_id')
      .execute();

  const epoch = async () =>
    String(
      (
        await sql<{ v: string }>`select last_value::text as v from search_epoch`.execute(
          ctx.database.db,
        )
      ).rows[0]?.v,
    );

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const db = ctx.database.db;
    await loadTestCatalogue(db, 40);
    const set = (id: number, values: { published: boolean; source: string }) =>
      db.updateTable('images').set(values).where('id', '=', id).execute();
    await set(PUBLISHED, { published: true, source: 'GAA' });
    await set(UNPUBLISHED, { published: false, source: 'BJOR' });
    await set(EXTERNAL_GET, { published: true, source: 'GET' });
    await set(EXTERNAL_GETRM, { published: false, source: 'GETRM' });
    await set(SPARE, { published: true, source: 'DOM' });
    customer = await userNamed('customer@example.com');
    other = await userNamed('other@example.com');
    await register(ctx.app, 'staff@example.com');
    await db
      .updateTable('users')
      .set({ is_staff: true })
      .where('email', '=', 'staff@example.com')
      .execute();
    staff = withJwt((await signIn(ctx.app, 'staff@example.com')).access);
    customerId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'customer@example.com')
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  describe('favorite', () => {
    it('needs a signed-in user', async () => {
      const res = await edit(PUBLISHED, { favorite: true });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(await favouriteRows(customerId)).toEqual([]);
    });

    it('toggles on and off, idempotently, and shows in user_favorite for that user only', async () => {
      const before = await row(PUBLISHED);
      for (let i = 0; i < 2; i += 1) {
        const res = await edit(PUBLISHED, { favorite: true }, customer);
        expect(res.statusCode).toBe(200);
        expect(contentEditResponse.strict().parse(res.json())).toEqual({
          id: PUBLISHED,
          user_favorite: true,
          published: true,
          popularity: before.popularity,
        });
      }
      expect(await favouriteRows(customerId)).toEqual([{ image_id: PUBLISHED }]);

      const detail = async (headers: Record<string, string> = {}) =>
        image.parse((await ctx.app.inject({ url: `/api/images/${PUBLISHED}/`, headers })).json())
          .user_favorite;
      expect(await detail(customer)).toBe(true);
      expect(await detail(other)).toBe(false);
      expect(await detail()).toBe(false);
      expect(await detail(staff)).toBe(false);

      for (let i = 0; i < 2; i += 1) {
        const res = await edit(PUBLISHED, { favorite: false }, customer);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: PUBLISHED, user_favorite: false });
      }
      expect(await favouriteRows(customerId)).toEqual([]);
      expect(await detail(customer)).toBe(false);
    });

    it('answers 404 for an unpublished image to a customer, and lets staff favourite it', async () => {
      const res = await edit(UNPUBLISHED, { favorite: true }, customer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect(await favouriteRows(customerId)).toEqual([]);
      const mine = await edit(UNPUBLISHED, { favorite: true }, staff);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ user_favorite: true, published: false });
      await edit(UNPUBLISHED, { favorite: false }, staff);
    });

    it('is deleted with its user and with its image', async () => {
      await register(ctx.app, 'leaving@example.com');
      const leaving = withJwt((await signIn(ctx.app, 'leaving@example.com')).access);
      expect((await edit(SPARE, { favorite: true }, leaving)).statusCode).toBe(200);
      expect((await edit(PUBLISHED, { favorite: true }, leaving)).statusCode).toBe(200);
      const count = async () =>
        (
          await ctx.database.db
            .selectFrom('favourites')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      expect(Number(await count())).toBe(2);
      // An image of its own, so the other tests keep theirs.
      const copy = await sql<{ id: number }>`
        insert into images (local_id, source, artist_id, title, created, updated, max_width,
          max_height, orientation, image_type, master_path, thumb_path, thumb_width, thumb_height)
        select local_id || '-copy', source, artist_id, title, created, updated, max_width,
          max_height, orientation, image_type, master_path, thumb_path, thumb_width, thumb_height
        from images where id = ${SPARE} returning id`.execute(ctx.database.db);
      const copyId = copy.rows[0]?.id as number;
      expect((await edit(copyId, { favorite: true }, leaving)).statusCode).toBe(200);
      expect(Number(await count())).toBe(3);
      await ctx.database.db.deleteFrom('images').where('id', '=', copyId).execute();
      expect(Number(await count())).toBe(2);
      await ctx.database.db
        .deleteFrom('users')
        .where('email', '=', 'leaving@example.com')
        .execute();
      expect(Number(await count())).toBe(0);
    });
  });

  describe('publish', () => {
    it('needs staff: 401 for a guest, 403 for a customer', async () => {
      const guest = await edit(SPARE, { publish: false });
      expect(guest.statusCode).toBe(401);
      const res = await edit(SPARE, { publish: false }, customer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await row(SPARE)).published).toBe(true);
    });

    it('unpublishes and publishes, bumping updated and the search epoch', async () => {
      const search = async () =>
        searchResponse
          .parse((await ctx.app.inject({ url: '/content/search/v3/?limit=1000' })).json())
          .images.map((i) => i.id);
      expect(await search()).toContain(SPARE);
      const before = await row(SPARE);
      const epochBefore = await epoch();

      const res = await edit(SPARE, { publish: false }, staff);
      expect(res.statusCode).toBe(200);
      expect(contentEditResponse.parse(res.json())).toEqual({
        id: SPARE,
        user_favorite: false,
        published: false,
        popularity: before.popularity,
      });
      const after = await row(SPARE);
      expect(after.published).toBe(false);
      expect(after.updated.getTime()).toBeGreaterThan(before.updated.getTime());
      expect(await epoch()).not.toBe(epochBefore);
      // The app's search caches (keyed by the epoch) do not answer the old result.
      expect(await search()).not.toContain(SPARE);
      // Still readable by everyone (the storefront marks it as not purchasable).
      const detail = await ctx.app.inject({ url: `/api/images/${SPARE}/` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ published: false });

      // Again: nothing changes, not even updated.
      expect((await edit(SPARE, { publish: false }, staff)).json()).toMatchObject({
        published: false,
      });
      expect((await row(SPARE)).updated).toEqual(after.updated);

      const back = await edit(SPARE, { publish: true }, staff);
      expect(back.json()).toMatchObject({ published: true });
      expect((await row(SPARE)).published).toBe(true);
      expect(await search()).toContain(SPARE);
    });

    it.each([
      [EXTERNAL_GET, true],
      [EXTERNAL_GET, false],
      [EXTERNAL_GETRM, true],
      [EXTERNAL_GETRM, false],
    ])('refuses external image %i (publish: %s) with a 400', async (id, publish) => {
      const before = await row(id);
      const res = await edit(id, { publish }, staff);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ publish: [EXTERNAL_PUBLISH_MESSAGE] });
      expect(await row(id)).toEqual(before);
    });
  });

  describe('popular', () => {
    it.each([
      ['a guest session', null],
      ['a customer', null],
      ['staff', null],
    ])('adds one to popularity for %s, once a day', async (who) => {
      const headers =
        who === 'staff' ? staff : who === 'a customer' ? customer : await guestSession();
      const before = (await row(PUBLISHED)).popularity;
      const res = await edit(PUBLISHED, { popular: true }, headers);
      expect(res.statusCode).toBe(200);
      // The answer is the stored state: the bump is written with the recorder's batch.
      expect(contentEditResponse.strict().parse(res.json())).toMatchObject({
        id: PUBLISHED,
        popularity: before,
      });
      expect(await flushed(PUBLISHED)).toBe(before + 1);
      // Again the same day: accepted, not counted.
      const again = await edit(PUBLISHED, { popular: true }, headers);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ popularity: before + 1 });
      expect(await flushed(PUBLISHED)).toBe(before + 1);
    });

    it('counts nothing for a request with neither a user nor a session', async () => {
      const before = (await row(SPARE)).popularity;
      for (let i = 0; i < 3; i += 1) {
        const res = await edit(SPARE, { popular: true });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: SPARE, popularity: before });
      }
      expect(await flushed(SPARE)).toBe(before);
    });

    it('counts concurrent adds of distinct sessions, one per session, without moving the search epoch', async () => {
      const before = (await row(SPARE)).popularity;
      const epochBefore = await epoch();
      const sessions = await Promise.all(Array.from({ length: 5 }, () => guestSession()));
      await Promise.all(
        [...sessions, ...sessions].map((headers) => edit(SPARE, { popular: true }, headers)),
      );
      expect(await flushed(SPARE)).toBe(before + 5);
      expect(await epoch()).toBe(epochBefore);
      const { n } = await ctx.database.db
        .selectFrom('popularity_bumps')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('image_id', '=', SPARE)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(5);
    });

    it('reaches a popular search once written', async () => {
      const popular = async () =>
        searchResponse
          .parse((await ctx.app.inject({ url: '/content/search/v3/?sort=popular&limit=1' })).json())
          .images.map((i) => i.id);
      // Far ahead of the rest, with many bumps of purchases (as cart and checkout record them).
      const top = (await row(1)).popularity;
      for (let i = 0; i < 50; i += 1) ctx.app.popularity.record(EXTERNAL_GET, 1);
      ctx.app.popularity.record(EXTERNAL_GET, top + 1000);
      await ctx.app.popularity.flush();
      expect(await popular()).toEqual([EXTERNAL_GET]);
    });

    it('refuses popular: false', async () => {
      const before = (await row(PUBLISHED)).popularity;
      const res = await edit(PUBLISHED, { popular: false }, staff);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ popular: [POPULAR_TRUE_ONLY] });
      expect(await flushed(PUBLISHED)).toBe(before);
    });

    it('answers 404 for an unpublished image except to staff', async () => {
      const before = (await row(UNPUBLISHED)).popularity;
      for (const headers of [{}, customer, await guestSession()]) {
        const res = await edit(UNPUBLISHED, { popular: true }, headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
      expect(await flushed(UNPUBLISHED)).toBe(before);
      const res = await edit(UNPUBLISHED, { popular: true }, staff);
      expect(res.json()).toMatchObject({ popularity: before, published: false });
      expect(await flushed(UNPUBLISHED)).toBe(before + 1);
    });

    it('is throttled per client IP: 429 with Retry-After', async () => {
      const address = '192.0.2.7';
      const before = (await row(SPARE)).popularity;
      for (let i = 0; i < 60; i += 1) {
        expect((await edit(SPARE, { popular: true }, {}, address)).statusCode).toBe(200);
      }
      const res = await edit(SPARE, { popular: true }, await guestSession(), address);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled/) });
      expect(await flushed(SPARE)).toBe(before);
      // Another client is not.
      const other = await edit(SPARE, { popular: true }, await guestSession(), '192.0.2.8');
      expect(other.statusCode).toBe(200);
      expect(await flushed(SPARE)).toBe(before + 1);
      // Favourites and publishing are not limited by it.
      expect((await edit(SPARE, { favorite: true }, customer, address)).statusCode).toBe(200);
      await edit(SPARE, { favorite: false }, customer, address);
    });

    it('forgets the days before yesterday', async () => {
      const db = ctx.database.db;
      await db
        .insertInto('popularity_bumps')
        .values([
          { viewer: 's:old', image_id: SPARE, day: sql<Date>`current_date - 2` },
          { viewer: 's:yesterday', image_id: SPARE, day: sql<Date>`current_date - 1` },
        ])
        .execute();
      await createContentEditRepository(db).pruneBumps();
      const viewers = await db
        .selectFrom('popularity_bumps')
        .select('viewer')
        .where('viewer', 'in', ['s:old', 's:yesterday'])
        .execute();
      expect(viewers).toEqual([{ viewer: 's:yesterday' }]);
    });
  });

  describe('validation', () => {
    it.each([
      ['an empty body', {}, { non_field_errors: [CONTENT_EDIT_ONE_ACTION] }],
      [
        'two actions',
        { favorite: true, popular: true },
        { non_field_errors: [CONTENT_EDIT_ONE_ACTION] },
      ],
      ['an unknown key', { colour: 'red' }, { non_field_errors: ['Unexpected field(s): colour.'] }],
      [
        'an unknown key with an action',
        { popular: true, extra: 1 },
        { non_field_errors: ['Unexpected field(s): extra.'] },
      ],
      ['a non-boolean', { favorite: 'yes' }, { favorite: ['Must be a valid boolean.'] }],
      ['a null', { publish: null }, { publish: ['Must be a valid boolean.'] }],
    ])('answers 400 for %s', async (_name, payload, body) => {
      const before = await row(PUBLISHED);
      const res = await edit(PUBLISHED, payload, staff);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
      expect(await row(PUBLISHED)).toEqual(before);
    });

    it('answers 400 for no body at all and for a body that is not an object', async () => {
      const none = await edit(PUBLISHED, undefined, customer);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ non_field_errors: [CONTENT_EDIT_ONE_ACTION] });
      const list = await ctx.app.inject({
        method: 'PATCH',
        url: `/content/edit/${PUBLISHED}/`,
        headers: { ...customer, 'content-type': 'application/json' },
        payload: '[true]',
      });
      expect(list.statusCode).toBe(400);
      expect(list.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    });

    it.each(['999999', '0', '99999999999'])('answers 404 for image %s', async (id) => {
      const res = await edit(id, { popular: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });

    it('answers 400 naming id when it is not an integer', async () => {
      const res = await edit('abc', { popular: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ id: ['A valid integer is required.'] });
    });
  });
});
