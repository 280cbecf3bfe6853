import { sessionProfile } from '@atelier/contracts';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import { register, sessionCookie, signIn, withCookie, withJwt } from '../auth/testing';

describe.each(TEST_DRIVERS)('GET /api/v2/profile/ on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const profile = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: '/api/v2/profile/', headers });
  const profileCount = async () =>
    (await ctx.database.db.selectFrom('profiles').select('id').execute()).length;

  const sessionCount = async () =>
    (await ctx.database.db.selectFrom('sessions').select('id').execute()).length;
  const EMPTY = {
    user_id: null,
    current_project: null,
    current_workspace: null,
    application_stage: null,
  };

  it('answers a cookieless guest an empty profile, with no cookie and no row', async () => {
    const [sessions, profiles] = [await sessionCount(), await profileCount()];
    for (let i = 0; i < 20; i++) {
      const res = await profile();
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(sessionProfile.strict().parse(res.json())).toEqual(EMPTY);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount()).toBe(sessions);
    expect(await profileCount()).toBe(profiles);
  });

  it("answers a guest session's profile, made by its cart, and makes none on a read", async () => {
    const { value: cookie, session } = await ctx.app.accounts.sessions.create(null);
    const before = await profileCount();
    const read = await profile(withCookie(cookie));
    expect(read.json()).toEqual(EMPTY);
    expect(sessionCookie(read)).toBeUndefined();
    expect(await profileCount()).toBe(before);
    await ctx.database.db
      .insertInto('profiles')
      .values({
        session_id: session.id,
        current_workspace_name: 'Living room',
        application_stage: 'apply',
      })
      .execute();
    expect((await profile(withCookie(cookie))).json()).toMatchObject({
      user_id: null,
      current_workspace: { name: 'Living room' },
      application_stage: 'apply',
    });
    // Another browser sees none of it.
    expect((await profile()).json()).toEqual(EMPTY);
  });

  it('drops an unknown or expired cookie and makes no session in its place', async () => {
    const sessions = await sessionCount();
    const res = await profile(withCookie('no-such-session'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(EMPTY);
    const cleared = sessionCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(await sessionCount()).toBe(sessions);
  });

  it("answers the user's profile for a JWT, the same for each call, and no cookie", async () => {
    const { uuid } = (await register(ctx.app, 'profiled@example.com')).json<{ uuid: string }>();
    const { access, cookie } = await signIn(ctx.app, 'profiled@example.com');
    const res = await profile(withJwt(access));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: uuid,
      current_project: null,
      current_workspace: null,
      application_stage: null,
    });
    expect(sessionCookie(res)).toBeUndefined();
    const before = await profileCount();
    await profile(withJwt(access));
    expect(await profileCount()).toBe(before);
    // The signed-in session cookie alone counts as the user too.
    expect((await profile(withCookie(cookie))).json()).toMatchObject({ user_id: uuid });
  });

  it('answers 403 for an inactive user, and a browser signed in to one starts over', async () => {
    await register(ctx.app, 'gone@example.com');
    const { access, cookie } = await signIn(ctx.app, 'gone@example.com');
    await ctx.database.db
      .updateTable('users')
      .set({ is_active: false })
      .where('email', '=', 'gone@example.com')
      .execute();
    const byToken = await profile(withJwt(access));
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toMatchObject({ detail: 'User is inactive' });
    const byCookie = await profile(withCookie(cookie));
    expect(byCookie.statusCode).toBe(403);
    expect(sessionCookie(byCookie)?.value).toBe('');
    const after = await profile(withCookie(cookie));
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ user_id: null });
  });

  it("answers the current project's id and name, and null once it is gone", async () => {
    await register(ctx.app, 'projects@example.com');
    const { access } = await signIn(ctx.app, 'projects@example.com');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/projects/',
      headers: withJwt(access),
      payload: { name: 'Gallery wall' },
    });
    expect(created.statusCode).toBe(201);
    const { project } = created.json<{ project: { id: number } }>();
    const res = await profile(withJwt(access));
    expect(sessionProfile.strict().parse(res.json())).toMatchObject({
      current_project: { id: project.id, name: 'Gallery wall' },
      current_workspace: { name: 'Main' },
    });
    await ctx.database.db.deleteFrom('projects').where('id', '=', project.id).execute();
    expect((await profile(withJwt(access))).json()).toMatchObject({ current_project: null });
  });

  it('answers 401 token_not_valid for a bad token', async () => {
    const res = await profile(withJwt('bad'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  });
});
