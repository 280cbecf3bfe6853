import {
  EFFECTIVE_IN_PAST,
  optionsMetadata,
  royaltyLevelRatePage,
  royaltyLevelRecord,
  royaltyLevelRecordPage,
} from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { insertItem, insertProject, postCheckout, publishedImages } from '../checkout/testing';
import { testUser, type TestUser } from '../collections/testing';
import { applyDueRates, RATE_IN_EFFECT, todayUtc } from './service';

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(TEST_DRIVERS)('royalty levels on %s', (driver) => {
  let ctx: TestContext;
  let staff: TestUser;
  let customer: TestUser;
  let imageId: number;
  let artistId: number;
  let profileId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'OPTIONS' | 'DELETE',
    url: string,
    payload?: object,
    who = staff,
  ) => ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const db = () => ctx.database.db;
  const artistRate = async () =>
    (
      await db()
        .selectFrom('artists')
        .select('royalty_rate_bp')
        .where('id', '=', artistId)
        .executeTakeFirstOrThrow()
    ).royalty_rate_bp;
  /** Orders one print of the artist's image; answers the order line's snapshot. */
  const sell = async () => {
    const project = await insertProject(db());
    await insertItem(db(), project.id, { imageId, w: 12, h: 8 });
    const res = await postCheckout(ctx.app, project.token);
    expect(res.statusCode).toBe(201);
    const { order_id: orderId } = res.json<{ order_id: number }>();
    return db()
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select([
        'order_lines.id',
        'order_lines.royalty',
        'order_lines.royalty_rate_bp',
        'order_lines.line_total',
      ])
      .where('orders.order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 5 });
    [imageId] = (await publishedImages(db(), 1)) as [number];
    artistId = (
      await db()
        .selectFrom('images')
        .select('artist_id')
        .where('id', '=', imageId)
        .executeTakeFirstOrThrow()
    ).artist_id;
    staff = await testUser(ctx.app, ctx.database, 'levels-staff@example.com', { staff: true });
    customer = await testUser(ctx.app, ctx.database, 'levels-customer@example.com');
    const user = await db()
      .insertInto('users')
      .values({ email: 'levels-artist@example.com', password_hash: 'not-a-hash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('artist_profiles')
      .set({ artist_id: null })
      .where('artist_id', '=', artistId)
      .execute();
    profileId = (
      await db()
        .insertInto('artist_profiles')
        .values({
          user_id: user.id,
          full_name: 'Level Artist',
          approved: true,
          artist_id: artistId,
          location: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => ctx.close());

  it('lists levels with the rate in per cent, since when, and how many artists are on each', async () => {
    const res = await call('GET', '/api/royalty-levels/');
    expect(res.statusCode).toBe(200);
    const page = royaltyLevelRecordPage.parse(res.json());
    expect(page.results.map((l) => [l.name, l.rate_percent, l.rate_bp, l.artist_count])).toEqual([
      ['Standard', 25, 2500, 0],
      ['Featured', 30, 3000, 0],
      ['Premier', 35, 3500, 0],
    ]);
    expect(page.results[0]!.effective_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call('GET', '/api/royalty-levels/', undefined, customer)).statusCode).toBe(403);
    // The API root lists it under the key the manage menu expects.
    expect((await ctx.app.inject({ url: '/api/' })).json()).toHaveProperty('royalty-levels');
  });

  it('describes its form (SimpleMetadata) for staff', async () => {
    const meta = optionsMetadata.parse((await call('OPTIONS', '/api/royalty-levels/')).json());
    const fields = meta.actions?.POST ?? {};
    expect(fields.rate_percent).toMatchObject({
      type: 'float',
      required: true,
      read_only: false,
      max_value: 100,
    });
    expect(fields.rate_effective_from).toMatchObject({
      type: 'date',
      required: false,
      read_only: false,
    });
    expect(fields.artist_count).toMatchObject({ read_only: true });
    expect(fields.name).toMatchObject({ type: 'string', required: true, max_length: 100 });
  });

  it('refuses bad rates and dates on their fields', async () => {
    expect(
      (await call('POST', '/api/royalty-levels/', { name: 'Top', rate_percent: 100.01 })).json(),
    ).toEqual({
      rate_percent: ['Ensure this value is less than or equal to 100.'],
    });
    expect(
      (await call('POST', '/api/royalty-levels/', { name: 'Top', rate_percent: 27.555 })).json(),
    ).toEqual({
      rate_percent: ['Ensure that there are no more than 2 decimal places.'],
    });
    const standard = 1;
    const past = await call('PUT', `/api/royalty-levels/${standard}/`, {
      name: 'Standard',
      rate_percent: 20,
      rate_effective_from: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ rate_effective_from: [EFFECTIVE_IN_PAST] });
    expect(
      (
        await call('PATCH', `/api/royalty-levels/${standard}/`, {
          rate_effective_from: '2025-13-01',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/royalty-levels/', { name: 'standard', rate_percent: 20 })).json(),
    ).toEqual({
      name: ['royalty level with this name already exists.'],
    });
    expect(
      (await call('PUT', '/api/royalty-levels/999999/', { name: 'X', rate_percent: 1 })).statusCode,
    ).toBe(404);
  });

  it('changes a rate for new sales only: existing order lines keep their royalty, history is kept', async () => {
    const made = await call('POST', '/api/royalty-levels/', { name: 'Studio', rate_percent: 27.5 });
    expect(made.statusCode).toBe(201);
    const level = royaltyLevelRecord.parse(made.json());
    expect(level).toMatchObject({ rate_bp: 2750, effective_from: todayUtc(), artist_count: 0 });
    const moved = await call('PUT', `/api/artist-profile/${profileId}/royalty-level/`, {
      royalty_level: level.id,
    });
    expect(moved.statusCode).toBe(204);
    expect(await artistRate()).toBe(2750);

    const first = await sell();
    expect(first.royalty_rate_bp).toBe(2750);
    expect(first.royalty).toBe(Math.round((first.line_total * 2750) / 10_000));

    const changed = await call('PUT', `/api/royalty-levels/${level.id}/`, {
      name: 'Studio',
      rate_percent: 40,
    });
    expect(changed.statusCode).toBe(200);
    expect(royaltyLevelRecord.parse(changed.json())).toMatchObject({
      rate_bp: 4000,
      artist_count: 1,
    });
    expect(await artistRate()).toBe(4000);

    const firstAgain = await db()
      .selectFrom('order_lines')
      .select(['royalty', 'royalty_rate_bp'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(firstAgain).toEqual({ royalty: first.royalty, royalty_rate_bp: 2750 });
    const second = await sell();
    expect(second.royalty_rate_bp).toBe(4000);

    // A rate from a later day: nothing changes until that day comes.
    const tomorrow = dayAfter(todayUtc(), 1);
    await call('PATCH', `/api/royalty-levels/${level.id}/`, {
      rate_percent: 44,
      rate_effective_from: tomorrow,
    });
    const scheduled = await call('PATCH', `/api/royalty-levels/${level.id}/`, {
      rate_percent: 45,
      rate_effective_from: tomorrow,
    });
    expect(royaltyLevelRecord.parse(scheduled.json())).toMatchObject({
      rate_bp: 4000,
      next_rate_percent: 45,
      next_effective_from: tomorrow,
    });
    expect(await artistRate()).toBe(4000);
    await applyDueRates(db(), tomorrow);
    expect(await artistRate()).toBe(4500);
    const job = await db()
      .selectFrom('jobs')
      .select(['queue', 'run_at'])
      .where('queue', '=', 'royalty-rates')
      .executeTakeFirst();
    expect(job?.run_at.toISOString()).toBe(`${tomorrow}T00:00:00.000Z`);

    const rates = royaltyLevelRatePage.parse(
      (await call('GET', `/api/royalty-levels/${level.id}/rates/`)).json(),
    );
    // Every rate is kept, today's first one too; a scheduled one saved again is replaced.
    expect(rates.results.map((r) => [r.effective_from, r.rate_percent, r.state])).toEqual([
      [tomorrow, 45, 'scheduled'],
      [todayUtc(), 40, 'current'],
      [todayUtc(), 27.5, 'past'],
    ]);
    expect((await call('GET', '/api/royalty-levels/999999/rates/')).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/royalty-levels/${level.id}/rates/`, undefined, customer)).statusCode,
    ).toBe(403);
  });

  it('cancels a scheduled rate; refuses one already in effect with a 400 naming why', async () => {
    const made = await call('POST', '/api/royalty-levels/', { name: 'Gallery', rate_percent: 30 });
    const level = royaltyLevelRecord.parse(made.json());
    const later = dayAfter(todayUtc(), 2);
    await call('PATCH', `/api/royalty-levels/${level.id}/`, {
      rate_percent: 35,
      rate_effective_from: later,
    });
    const ratesOf = async () =>
      royaltyLevelRatePage.parse(
        (await call('GET', `/api/royalty-levels/${level.id}/rates/`)).json(),
      ).results;
    const [scheduled, current] = await ratesOf();
    expect(scheduled).toMatchObject({ state: 'scheduled', rate_percent: 35 });
    expect(current).toMatchObject({ state: 'current', rate_percent: 30 });

    const path = (rateId: number, levelId = level.id) =>
      `/api/royalty-levels/${levelId}/rates/${rateId}/`;
    expect((await call('DELETE', path(scheduled!.id), undefined, customer)).statusCode).toBe(403);
    const inEffect = await call('DELETE', path(current!.id));
    expect(inEffect.statusCode).toBe(400);
    expect(inEffect.json()).toEqual({ non_field_errors: [RATE_IN_EFFECT] });
    // Another level's rate is not this level's to cancel.
    expect((await call('DELETE', path(scheduled!.id, level.id + 1000))).statusCode).toBe(404);

    const cancelled = await call('DELETE', path(scheduled!.id));
    expect(cancelled.statusCode).toBe(204);
    expect((await ratesOf()).map((r) => [r.rate_percent, r.state])).toEqual([[30, 'current']]);
    expect(
      royaltyLevelRecord.parse((await call('GET', `/api/royalty-levels/${level.id}/`)).json()),
    ).toMatchObject({ rate_percent: 30, next_rate_percent: null, next_effective_from: null });
    // Its day coming changes nothing now.
    await applyDueRates(db(), later);
    expect(
      royaltyLevelRecord.parse((await call('GET', `/api/royalty-levels/${level.id}/`)).json()),
    ).toMatchObject({ rate_percent: 30 });
    expect((await call('DELETE', path(scheduled!.id))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/royalty-levels/${level.id}/rates/x/`)).json()).toEqual({
      rateId: ['A valid integer is required.'],
    });
  });
});
