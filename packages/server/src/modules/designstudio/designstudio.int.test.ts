import { IMAGEDATA_REQUIRED, designStudioResponse, image } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { register, signIn, withJwt } from '../auth/testing';
import { loadTestCatalogue } from '../search/testing';

const INTERNAL = 1;
const EXTERNAL = 2;
const SECOND = 3;

describe.each(TEST_DRIVERS)('POST /api/v2/designstudio/ on %s', (driver) => {
  let ctx: TestContext;
  let customer: Record<string, string>;
  let staff: Record<string, string>;

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/designstudio/',
      headers,
      payload: payload as Record<string, unknown>,
    });

  const row = (id: number) =>
    ctx.database.db
      .selectFrom('images')
      .select(['static_sets', 'updated'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const db = ctx.database.db;
    await loadTestCatalogue(db, 10);
    await db
      .updateTable('images')
      .set({ static_sets: [], source: 'GAA' })
      .where('id', 'in', [INTERNAL, SECOND])
      .execute();
    await db
      .updateTable('images')
      .set({ static_sets: [], source: 'GETRM', published: false })
      .where('id', '=', EXTERNAL)
      .execute();
    await register(ctx.app, 'customer@example.com');
    customer = withJwt((await signIn(ctx.app, 'customer@example.com')).access);
    await register(ctx.app, 'staff@example.com');
    await db
      .updateTable('users')
      .set({ is_staff: true })
      .where('email', '=', 'staff@example.com')
      .execute();
    staff = withJwt((await signIn(ctx.app, 'staff@example.com')).access);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const add = { imagedata: INTERNAL, action: 'add-static', collection: 'government' };

  it('answers 401 to a guest and 403 to a customer, even before looking at the body', async () => {
    for (const payload of [add, { action: 'nonsense' }]) {
      const guest = await post(payload);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const res = await post(payload, customer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect((await row(INTERNAL)).static_sets).toEqual([]);
  });

  it('adds an image to a static set, and only adds', async () => {
    const res = await post(add, staff);
    expect(res.statusCode).toBe(200);
    expect(designStudioResponse.strict().parse(res.json())).toEqual({
      id: INTERNAL,
      _static: ['government'],
    });
    const first = await row(INTERNAL);
    expect(first.static_sets).toEqual(['government']);

    // Already there: 200, unchanged (not added twice, updated untouched).
    const again = await post(add, staff);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: INTERNAL, _static: ['government'] });
    expect(await row(INTERNAL)).toEqual(first);

    // imagedata as an image object; the second set joins the first.
    const both = await post(
      { ...add, imagedata: { id: INTERNAL, title: 'x' }, collection: 'commercial' },
      staff,
    );
    expect(both.json()).toEqual({ id: INTERNAL, _static: ['government', 'commercial'] });
    const detail = image.parse((await ctx.app.inject({ url: `/api/images/${INTERNAL}/` })).json());
    expect(detail._static).toEqual(['government', 'commercial']);
    expect((await row(SECOND)).static_sets).toEqual([]);
  });

  it('accepts external (and unpublished) images', async () => {
    const res = await post({ ...add, imagedata: EXTERNAL, collection: 'commercial' }, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: EXTERNAL, _static: ['commercial'] });
  });

  const bad = { imagedata: SECOND, action: 'add-static', collection: 'government' };

  it.each([
    [
      'a bad action',
      { ...bad, action: 'remove-static' },
      { action: ['"remove-static" is not a valid choice.'] },
    ],
    [
      'a bad collection',
      { ...bad, collection: 'private' },
      { collection: ['"private" is not a valid choice.'] },
    ],
    [
      'no action',
      { imagedata: SECOND, collection: 'government' },
      { action: ['This field is required.'] },
    ],
    [
      'no collection',
      { imagedata: SECOND, action: 'add-static' },
      { collection: ['This field is required.'] },
    ],
    [
      'no imagedata',
      { action: 'add-static', collection: 'government' },
      { imagedata: [IMAGEDATA_REQUIRED] },
    ],
    ['imagedata text', { ...bad, imagedata: 'one' }, { imagedata: [IMAGEDATA_REQUIRED] }],
    [
      'imagedata without id',
      { ...bad, imagedata: { title: 'x' } },
      { imagedata: [IMAGEDATA_REQUIRED] },
    ],
    [
      'a missing image',
      { ...bad, imagedata: 999_999 },
      { imagedata: ['Invalid pk "999999" - object does not exist.'] },
    ],
    [
      'an id beyond integers',
      { ...bad, imagedata: 99_999_999_999 },
      { imagedata: ['Invalid pk "99999999999" - object does not exist.'] },
    ],
  ])('answers 400 naming the field for %s', async (_name, payload, body) => {
    const before = await row(SECOND);
    const res = await post(payload, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
    expect(await row(SECOND)).toEqual(before);
  });
});
