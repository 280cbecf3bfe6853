import fc from 'fast-check';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { insertItem, insertProject, postCheckout, publishedImages, validAddress } from './testing';

/** Strings that stress the checks: any UTF-16 (lone surrogates, NULs), long ones, near-valid ones. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', ' ', '\u0000', 'US', 'CA', '94103', 'K1A 0B1', 'a@b.co', 'x'.repeat(70)),
);
const anyValue = fc.oneof(anyText, fc.jsonValue({ maxDepth: 2 }));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const address = fc.record(
  {
    name: fc.oneof(anyText, fc.constant(validAddress.name)),
    line1: fc.oneof(anyText, fc.constant(validAddress.line1)),
    line2: maybe(anyText),
    company: maybe(anyValue),
    city: fc.oneof(anyText, fc.constant(validAddress.city)),
    region: fc.oneof(anyText, fc.constant(validAddress.region)),
    postal_code: fc.oneof(anyText, fc.constantFrom('94103', '94103-1234', 'K1A 0B1', 'SW1A 1AA')),
    country: fc.oneof(anyText, fc.constantFrom('US', 'CA', 'GB', 'us')),
    phone: maybe(anyValue),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  fc.record(
    {
      email: fc.oneof(anyText, fc.constant('buyer@example.com')),
      shipping_address: fc.oneof(address, anyValue),
      payment_method: fc.oneof(anyValue, fc.constantFrom('purchase_order', 'invoice', 'card')),
      po_number: maybe(anyValue),
    },
    { requiredKeys: [] },
  ),
  anyValue,
);

describe.each(TEST_DRIVERS)('checkout with random bodies on %s', (driver) => {
  let ctx: TestContext;
  let tokens: string[];

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 30 });
    const [imageId = 0] = await publishedImages(ctx.database.db, 1);
    tokens = [];
    for (let i = 0; i < 3; i += 1) {
      const project = await insertProject(ctx.database.db);
      await insertItem(ctx.database.db, project.id, { imageId, w: 12, h: 8 });
      tokens.push(project.token);
    }
  });
  afterAll(() => ctx.close());

  it('never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.nat(2),
        fc.oneof(fc.constant(null), fc.string({ minLength: 0, maxLength: 300 })),
        async (payload, project, key) => {
          const res = await postCheckout(ctx.app, tokens[project] ?? '', {
            body: JSON.stringify(payload === undefined ? null : payload),
            key: key === null ? null : key.replace(/[^\x20-\x7e]/g, '') || null,
          });
          expect(res.statusCode).toBeGreaterThanOrEqual(200);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 201) expect(res.json()).toEqual(expect.any(Object));
        },
      ),
      { numRuns: 150 },
    );
  });
});
