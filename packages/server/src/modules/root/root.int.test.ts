import { apiRoot } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { testUser } from '../collections/testing';

describe.each(TEST_DRIVERS)('GET /api/ on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists every entity type with its absolute list URL', async () => {
    const res = await ctx.app.inject({ url: '/api/', headers: { host: 'atelier.test' } });
    expect(res.statusCode).toBe(200);
    expect(apiRoot.parse(res.json())).toEqual({
      'art-usage': 'http://atelier.test/api/art-usage/',
      artist: 'http://atelier.test/api/artist/',
      'artist-payment': 'http://atelier.test/api/artist-payment/',
      'artist-profile': 'http://atelier.test/api/artist-profile/',
      collections: 'http://atelier.test/api/collections/',
      image: 'http://atelier.test/api/image/',
      images: 'http://atelier.test/api/images/',
      order: 'http://atelier.test/api/order/',
      'payment-due': 'http://atelier.test/api/payment-due/',
      publisher: 'http://atelier.test/api/publisher/',
      'royalty-levels': 'http://atelier.test/api/royalty-levels/',
    });
  });

  it('names lists that answer staff with a DRF page', async () => {
    const user = await testUser(ctx.app, ctx.database, 'root@example.com', { staff: true });
    const root = apiRoot.parse((await ctx.app.inject({ url: '/api/' })).json());
    for (const url of Object.values(root)) {
      const list = await ctx.app.inject({ url: new URL(url).pathname, headers: user.headers });
      expect([url, list.statusCode]).toEqual([url, 200]);
      expect(list.json()).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
    }
  });
});
