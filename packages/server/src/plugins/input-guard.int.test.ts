import { register, signIn, withJwt } from '../modules/auth/testing';
import { createTestApp, type TestContext } from '../test/app';
import { TEST_DRIVERS } from '../test/databases';
import { NULL_CHARACTERS, nulPath } from './input-guard';

describe('nulPath', () => {
  it('finds a NUL in any string or key, however deep', () => {
    expect(nulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual(['b', 'c', '1']);
    expect(nulPath('\u0000')).toEqual([]);
    expect(nulPath({ a: { 'b\u0000': 1 } })).toEqual(['a']);
    expect(nulPath({ 'b\u0000': 1 })).toEqual(['non_field_errors']);
    expect(nulPath({ a: 'ok', n: 1, t: true, z: null })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(nulPath(deep)).toHaveLength(50_000);
  });
});

describe.each(TEST_DRIVERS)('NUL characters on %s', (driver) => {
  let ctx: TestContext;
  let jwt: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    ctx.app.get(
      '/api/test-name/:name/',
      { config: { access: 'public' } },
      async (request) => request.params,
    );
    await register(ctx.app, 'nul@example.com');
    jwt = withJwt((await signIn(ctx.app, 'nul@example.com')).access);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses them in a body field with DRF 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/collections/',
      headers: jwt,
      payload: { name: 'Sea\u0000side', description: 'fine' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [NULL_CHARACTERS] });
  });

  it('refuses them in a query parameter; a path parameter with one names nothing', async () => {
    const query = await ctx.app.inject({ url: '/content/search/v3/?q=sea%00side' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ q: [NULL_CHARACTERS] });
    const path = await ctx.app.inject({ url: '/api/test-name/ab%00cd/' });
    expect(path.statusCode).toBe(404);
    expect(path.json()).toEqual({ detail: 'Not found.' });
    const fine = await ctx.app.inject({ url: '/api/test-name/abcd/' });
    expect(fine.json()).toEqual({ name: 'abcd' });
  });

  it('checks who is asking first, as DRF does', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/collections/',
      payload: { name: 'Sea\u0000side' },
    });
    expect(res.statusCode).toBe(401);
  });
});
