import { health } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';

describe.each(TEST_DRIVERS)('health and unknown routes on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver, { images: 3 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('GET /api/health/ reports the driver and the image count', async () => {
    const res = await ctx.app.inject({ url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(health.parse(res.json())).toEqual({ status: 'ok', database: driver, images: 3 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['/api/nope/', '/api/images/1/extra/', '/content/nope/', '/auth/nope/'])(
    'answers 404 {"detail": "Not found."} for %s',
    async (url) => {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html,application/json' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    },
  );

  it('answers 405 with Allow for a method the route does not have', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/images/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
  });

  it('sends a request id, and keeps a sane one the client sent', async () => {
    const generated = await ctx.app.inject({ url: '/api/health/' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.inject({
      url: '/api/health/',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await ctx.app.inject({
      url: '/api/health/',
      headers: { 'x-request-id': 'bad id\u0007' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\u0007');
  });
});
