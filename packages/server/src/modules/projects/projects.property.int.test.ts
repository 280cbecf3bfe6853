import { SUBSTRATES, addItemResponse, cartItem } from '@atelier/contracts';
import fc from 'fast-check';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import {
  addItem,
  createProject,
  guestBrowser,
  prepareImages,
  userHeaders,
  type Headers,
  type TestImages,
} from './testing';

const RUNS = 150;

/** Values that mean something to JSON, zod, JavaScript numbers or PostgreSQL. */
const junk = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e20, 0.1, 0.05, 1000, 1000.004, 1001),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '\u0000', '1', '12x8', 'print', null, true, false, [], {}),
);

const side = fc.oneof(
  fc.double({ min: -5, max: 1200, noNaN: true }),
  fc.constantFrom(8, 12, 18, 24, 48, 72, 0.1, 0.099, 999.995),
  junk,
);

const bodyOf = (images: TestImages) =>
  fc.record(
    {
      imagedata: fc.oneof(
        fc.constantFrom(images.published, images.unpublished, images.external, images.portrait),
        fc.record({ id: fc.oneof(fc.constantFrom(images.published), junk) }),
        junk,
      ),
      size: fc.oneof(fc.record({ w: side, h: side }), junk),
      substrate: fc.oneof(fc.constantFrom(...SUBSTRATES), junk),
      action: fc.oneof(fc.constantFrom('add', 'open'), junk),
      workspace_id: fc.oneof(fc.constant(undefined), junk),
      quantity: fc.oneof(fc.integer({ min: -2, max: 1002 }), junk),
      location: fc.oneof(fc.string({ unit: 'binary', maxLength: 310 }), junk),
      unit_price: junk,
    },
    { requiredKeys: [] },
  );

const FIELDS = new Set([
  'imagedata',
  'size',
  'substrate',
  'action',
  'workspace_id',
  'quantity',
  'location',
  'non_field_errors',
]);

describe.each(TEST_DRIVERS)('adding and changing items never fails on %s', (driver) => {
  let ctx: TestContext;
  let images: TestImages;
  let viewers: { headers: Headers; token: string }[];

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 6 });
    images = await prepareImages(ctx.database.db);
    const browser = await guestBrowser(ctx.app);
    const guest = await createProject(ctx.app, browser, { cart_email: 'prop@example.com' });
    const user = await userHeaders(ctx.app, ctx.database.db, 'prop-user@example.com');
    const staff = await userHeaders(ctx.app, ctx.database.db, 'prop-staff@example.com', {
      staff: true,
    });
    const owned = await createProject(ctx.app, user.headers, {});
    const token = (res: typeof guest) => (res.json() as { token: string }).token;
    viewers = [
      { headers: browser, token: token(guest) },
      { headers: user.headers, token: token(owned) },
      { headers: staff.headers, token: token(owned) },
    ];
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers any add body with 201 or a 400 naming fields, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(images), fc.nat(2), async (body, who) => {
        const viewer = viewers[who] ?? viewers[0];
        if (!viewer) throw new Error('no viewer');
        const res = await addItem(ctx.app, viewer.token, viewer.headers, body);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 201) {
          expect(() => addItemResponse.strict().parse(res.json())).not.toThrow();
        } else {
          expect(res.statusCode).toBe(400);
          for (const key of Object.keys(res.json() as object)) expect(FIELDS).toContain(key);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any change body with 200 or a 400 naming fields, never a 5xx', async () => {
    const staff = viewers[2];
    if (!staff) throw new Error('no staff');
    const added = await addItem(ctx.app, staff.token, staff.headers, {
      imagedata: images.published,
      size: { w: 12, h: 8 },
      substrate: 'print',
    });
    const { id } = cartItem.parse(added.json());
    await fc.assert(
      fc.asyncProperty(bodyOf(images), fc.nat(2), async (body, who) => {
        const viewer = who === 0 ? staff : (viewers[who] ?? staff);
        const { imagedata: _ignored, ...change } = body;
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v2/projects/${staff.token}/items/${id}/`,
          headers: viewer.headers,
          payload: change,
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200) {
          expect(() => cartItem.strict().parse(res.json())).not.toThrow();
        } else {
          expect(res.statusCode).toBe(400);
          for (const key of Object.keys(res.json() as object)) expect(FIELDS).toContain(key);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
