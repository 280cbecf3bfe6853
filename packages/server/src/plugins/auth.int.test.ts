import { createPasswordHasher } from '../lib/passwords';
import { register, signIn, withCookie, withJwt } from '../modules/auth/testing';
import { createTestApp, type TestContext } from '../test/app';
import { TEST_DRIVERS } from '../test/databases';
import { requireStaff, requireUser } from './auth';

describe.each(TEST_DRIVERS)('auth plugin on %s', (driver) => {
  let ctx: TestContext;
  let customer: { access: string; cookie: string };
  let staff: { access: string };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    // The handlers check who may call them: that is what these tests are about.
    const open = { config: { access: 'public' as const } };
    ctx.app.get('/api/test-viewer/', open, async (request) => ({
      viewer: request.viewer,
      via: request.auth.via,
    }));
    ctx.app.get('/api/test-user/', open, async (request) => ({
      uuid: requireUser(request).userUuid,
    }));
    ctx.app.get('/api/test-staff/', open, async (request) => ({
      uuid: requireStaff(request).userUuid,
    }));
    ctx.app.post('/api/test-write/', open, async (request) => ({ via: request.auth.via }));
    ctx.app.get('/not-api/test-viewer/', open, async (request) => ({ viewer: request.viewer }));
    await register(ctx.app, 'customer@shop.test');
    await register(ctx.app, 'staff@shop.test');
    await ctx.database.db
      .updateTable('users')
      .set({ is_staff: true })
      .where('email', '=', 'staff@shop.test')
      .execute();
    customer = await signIn(ctx.app, 'customer@shop.test');
    staff = await signIn(ctx.app, 'staff@shop.test');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers });

  it('fills request.viewer from a JWT, from a signed-in cookie, or as a guest', async () => {
    const user = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'uuid'])
      .where('email', '=', 'customer@shop.test')
      .executeTakeFirstOrThrow();
    const expected = { userId: user.id, userUuid: user.uuid, isStaff: false };
    expect((await get('/api/test-viewer/', withJwt(customer.access))).json()).toEqual({
      viewer: expected,
      via: 'jwt',
    });
    expect((await get('/api/test-viewer/', withCookie(customer.cookie))).json()).toEqual({
      viewer: expected,
      via: 'session',
    });
    expect((await get('/api/test-viewer/')).json()).toEqual({
      viewer: { userId: null, userUuid: null, isStaff: false },
      via: null,
    });
  });

  it('exempts from the origin check only a request a JWT authenticated', async () => {
    const write = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/test-write/',
        headers: { ...withCookie(customer.cookie), origin: 'https://evil.example', ...headers },
      });
    const byJwt = await write(withJwt(customer.access));
    expect(byJwt.statusCode).toBe(200);
    expect(byJwt.json()).toEqual({ via: 'jwt' });
    for (const authorization of ['', 'Basic dXNlcjpwYXNz', 'Token abc']) {
      const res = await write({ authorization });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail:
          'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.',
      });
    }
    // A bad or empty JWT is refused as such before anything else.
    expect((await write(withJwt('garbage'))).statusCode).toBe(401);
    expect((await write({ authorization: 'JWT' })).statusCode).toBe(401);
  });

  it('ignores other Authorization schemes', async () => {
    const res = await get('/api/test-viewer/', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ via: null });
  });

  it('leaves routes outside the API alone (static files, front ends)', async () => {
    const res = await get('/not-api/test-viewer/', withJwt('garbage'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ viewer: { userId: null, userUuid: null, isStaff: false } });
  });

  it('requireUser: 401 for a guest, the user otherwise', async () => {
    const guest = await get('/api/test-user/');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await get('/api/test-user/', withJwt(customer.access))).statusCode).toBe(200);
  });

  it('requireStaff: 401 for a guest, 403 for a customer, the user for staff', async () => {
    expect((await get('/api/test-staff/')).statusCode).toBe(401);
    const denied = await get('/api/test-staff/', withJwt(customer.access));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await get('/api/test-staff/', withJwt(staff.access))).statusCode).toBe(200);
  });

  it('documents the accounts routes in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, object> }>();
    for (const path of [
      '/auth/users/',
      '/auth/users/me/',
      '/auth/jwt/create/',
      '/auth/jwt/refresh/',
      '/auth/jwt/get/',
      '/auth/users/reset_password/',
      '/auth/users/reset_password_confirm/',
      '/accounts/signout-no-redirect/',
      '/api/v2/profile/',
      '/api/artist-profile/',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/auth/jwt/create/'])).toContain('"password"');
  });

  it('rehashes a password made with an older cost at sign-in', async () => {
    const cheap = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    await register(ctx.app, 'old-hash@shop.test');
    await ctx.database.db
      .updateTable('users')
      .set({ password_hash: await cheap.hash('an old stored passphrase') })
      .where('email', '=', 'old-hash@shop.test')
      .execute();
    await signIn(ctx.app, 'old-hash@shop.test', 'an old stored passphrase');
    const row = await ctx.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'old-hash@shop.test')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await signIn(ctx.app, 'old-hash@shop.test', 'an old stored passphrase');
  });

  it('deletes expired sessions and tokens, keeping live ones', async () => {
    const { db } = ctx.database;
    const past = new Date(Date.now() - 1000);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'customer@shop.test')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({ id: 'e'.repeat(64), user_id: null, expires: past })
      .execute();
    await db
      .insertInto('refresh_tokens')
      .values({
        jti: '22222222-2222-4222-8222-222222222222',
        user_id: user.id,
        family: '33333333-3333-4333-8333-333333333333',
        expires: past,
      })
      .execute();
    await db
      .insertInto('password_reset_tokens')
      .values({ token_hash: 'f'.repeat(64), user_id: user.id, expires: past })
      .execute();
    const deleted = await ctx.app.accounts.cleanup();
    expect(deleted).toEqual({ sessions: 1, refreshTokens: 1, resetTokens: 1 });
    // The live sign-ins still work.
    expect((await get('/api/test-user/', withJwt(customer.access))).statusCode).toBe(200);
    expect((await get('/api/test-user/', withCookie(customer.cookie))).statusCode).toBe(200);
  });
});
