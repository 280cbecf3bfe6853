import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  registeredUser,
  tokenPair,
  user,
} from '@atelier/contracts';
import { SITE_ADDRESS_UNKNOWN } from '../../lib/email-links';
import { GUEST_SESSIONS_PER_MINUTE } from '../../plugins/auth';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import {
  outbox,
  PASSWORD,
  register,
  resetLinkIn,
  sessionCookie,
  signIn,
  signInRequest,
  withCookie,
  withJwt,
} from './testing';

const TOKEN_NOT_VALID = {
  detail: AUTH_ERRORS.tokenNotValidForAnyType,
  code: 'token_not_valid',
  messages: [
    { token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' },
  ],
};
const NOT_AUTHENTICATED = { detail: AUTH_MESSAGES.notAuthenticated };
const BAD_CREDENTIALS = { detail: AUTH_MESSAGES.badCredentials };
const REFRESH_INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const BLACKLISTED = { detail: 'Token is blacklisted', code: 'token_not_valid' };

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe.each(TEST_DRIVERS)('auth API on %s', (driver) => {
  let ctx: TestContext;
  let counter = 0;
  /** A fresh address for each test, so that tests do not depend on each other. */
  const freshEmail = (label = 'user') => `${label}.${++counter}@example.com`;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const me = (headers: Record<string, string>) =>
    ctx.app.inject({ url: '/auth/users/me/', headers });
  const refresh = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/jwt/refresh/',
      payload: { refresh: token },
      headers,
    });
  const jwtGet = (headers: Record<string, string>) =>
    ctx.app.inject({ url: '/auth/jwt/get/', headers });
  const requestReset = (email: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/users/reset_password/',
      payload: { email },
      headers,
    });
  const confirmReset = (payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/auth/users/reset_password_confirm/', payload });
  const userRow = (email: string) =>
    ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  describe('POST /auth/users/ (registration)', () => {
    it('creates a user and answers 201 {uuid, email, name}, never the password', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users/',
        payload: { email: '  Ada.Lovelace@EXAMPLE.com ', password: PASSWORD, name: ' Ada ' },
      });
      expect(res.statusCode).toBe(201);
      const body = registeredUser.strict().parse(res.json());
      expect(body).toEqual({
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'Ada.Lovelace@example.com',
        name: 'Ada',
      });
      expect(res.body).not.toContain(PASSWORD);
      const row = await userRow('Ada.Lovelace@example.com');
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(row).toMatchObject({ is_staff: false, is_active: true, last_login: null });
    });

    it('makes name optional', async () => {
      const email = freshEmail();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users/',
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, name: '' });
    });

    it('answers an address already registered as a new one, and emails its owner', async () => {
      const email = freshEmail('dup');
      const { uuid } = registeredUser.parse(
        (await register(ctx.app, email, PASSWORD, 'Ada')).json(),
      );
      const owner = await userRow(email);
      const hash = jest.spyOn(ctx.app.accounts.users.hasher, 'hash');
      let takenUuid = '';
      try {
        const again = await ctx.app.inject({
          method: 'POST',
          url: '/auth/users/',
          payload: {
            email: ` ${email.toUpperCase().replace('@EXAMPLE.COM', '@Example.com')}`,
            password: 'another passphrase',
            name: ' Eve ',
          },
        });
        const fresh = freshEmail('free');
        const first = await ctx.app.inject({
          method: 'POST',
          url: '/auth/users/',
          payload: { email: fresh, password: 'another passphrase', name: ' Eve ' },
        });
        // The same status, headers that matter and body shape either way.
        expect(again.statusCode).toBe(201);
        expect(first.statusCode).toBe(201);
        expect(again.headers['content-type']).toBe(first.headers['content-type']);
        expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());
        const taken = registeredUser.strict().parse(again.json());
        expect(taken).toEqual({
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'),
          name: 'Eve',
        });
        expect(registeredUser.strict().parse(first.json())).toMatchObject({
          email: fresh,
          name: 'Eve',
        });
        expect(taken.uuid).not.toBe(uuid);
        takenUuid = taken.uuid;
        // The same work: one password hash in each branch (the hash is most of the time).
        expect(hash).toHaveBeenCalledTimes(2);
      } finally {
        hash.mockRestore();
      }
      // Nothing changed for the owner, who is told by email.
      expect(await userRow(email)).toEqual(owner);
      // Its uuid is no one's.
      expect(
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('uuid', '=', takenUuid)
          .execute(),
      ).toEqual([]);
      await signIn(ctx.app, email);
      await ctx.app.accounts.idle();
      const mails = (await outbox(ctx.config.outboxDir)).filter((mail) =>
        mail.text.includes(`To: ${email}`),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toMatch(/^Subject: Your Atelier account already exists$/m);
      expect(mails[0]?.text).toMatch(/^Hello Ada,$/m);
      expect(mails[0]?.text).toMatch(/^http:\/\/localhost(:80)?\/accounts\/reset-password$/m);
    });

    it('answers a taken address with a weak password as it would a free one', async () => {
      const email = freshEmail('dupweak');
      await register(ctx.app, email);
      for (const address of [email, freshEmail('freeweak')]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/auth/users/',
          payload: { email: address, password: 'Password123' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ password: [PASSWORD_MESSAGES.tooCommon] });
      }
    });

    it('sends no notice to an inactive owner, and still answers 201', async () => {
      const email = freshEmail('dupinactive');
      await register(ctx.app, email);
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: false })
        .where('email', '=', email)
        .execute();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users/',
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      await ctx.app.accounts.idle();
      const mails = (await outbox(ctx.config.outboxDir)).filter((mail) =>
        mail.text.includes(`To: ${email}`),
      );
      expect(mails).toHaveLength(0);
    });

    it.each([
      [{}, { email: ['This field is required.'], password: ['This field is required.'] }],
      [{ email: '', password: PASSWORD }, { email: ['This field may not be blank.'] }],
      [{ email: 'not-an-email', password: PASSWORD }, { email: ['Enter a valid email address.'] }],
      [{ email: 'a@b', password: PASSWORD }, { email: ['Enter a valid email address.'] }],
      [{ email: 'x@example.com', password: '' }, { password: ['This field may not be blank.'] }],
      [{ email: 'x@example.com', password: 'short1!' }, { password: [PASSWORD_MESSAGES.tooShort] }],
      [
        { email: 'x@example.com', password: 'Password123' },
        { password: [PASSWORD_MESSAGES.tooCommon] },
      ],
      [
        { email: 'x@example.com', password: '123456' },
        { password: [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.tooCommon] },
      ],
      [
        { email: 'x@example.com', password: 'a'.repeat(129) },
        { password: ['Ensure this field has no more than 128 characters.'] },
      ],
      [
        { email: 'x@example.com', password: PASSWORD, name: 'n'.repeat(151) },
        { name: ['Ensure this field has no more than 150 characters.'] },
      ],
    ])('answers 400 for %j', async (payload, body) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/auth/users/', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
      expect(
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'x@example.com')
          .execute(),
      ).toEqual([]);
    });

    it('accepts a 128-character password', async () => {
      const email = freshEmail();
      await register(ctx.app, email, 'b'.repeat(127) + 'c');
      await signIn(ctx.app, email, 'b'.repeat(127) + 'c');
    });
  });

  describe('POST /auth/jwt/create/ (sign in)', () => {
    it('answers a token pair, records last_login and signs a session cookie in', async () => {
      const email = freshEmail();
      const { uuid } = registeredUser.parse((await register(ctx.app, email)).json());
      const res = await signInRequest(
        ctx.app,
        email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'),
      );
      // The local part's case differs: addresses compare case-insensitively.
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const pair = tokenPair.strict().parse(res.json());
      const access = claimsOf(pair.access);
      const refreshClaims = claimsOf(pair.refresh);
      expect(access).toMatchObject({ token_type: 'access', user_id: uuid });
      expect(refreshClaims).toMatchObject({ token_type: 'refresh', user_id: uuid });
      expect(access.family).toBe(refreshClaims.family);
      expect(access.jti).not.toBe(refreshClaims.jti);
      expect(Number(access.exp) - Number(access.iat)).toBe(300);
      expect(Number(refreshClaims.exp) - Number(refreshClaims.iat)).toBe(86_400);
      const header = JSON.parse(
        Buffer.from(pair.access.split('.')[0] ?? '', 'base64url').toString(),
      ) as unknown;
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect((await userRow(email)).last_login).toBeInstanceOf(Date);

      const cookie = sessionCookie(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.maxAge).toBe(1_209_600);
      const session = await jwtGet(withCookie(cookie?.value ?? ''));
      expect(session.statusCode).toBe(200);
    });

    it('binds an existing guest session and gives it a new id (no session fixation)', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const guest = (await ctx.app.accounts.sessions.create(null)).value;
      expect(guest).not.toBe('');
      const res = await signInRequest(ctx.app, email, PASSWORD, withCookie(guest));
      const cycled = sessionCookie(res)?.value ?? '';
      expect(cycled).not.toBe('');
      expect(cycled).not.toBe(guest);
      expect((await jwtGet(withCookie(guest))).statusCode).toBe(401);
      expect((await jwtGet(withCookie(cycled))).statusCode).toBe(200);
    });

    it('answers 401 for a wrong password, an unknown email and an inactive user', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const wrong = await signInRequest(ctx.app, email, 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(BAD_CREDENTIALS);
      expect(sessionCookie(wrong)).toBeUndefined();
      const unknown = await signInRequest(ctx.app, freshEmail('nobody'));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(BAD_CREDENTIALS);
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: false })
        .where('email', '=', email)
        .execute();
      const inactive = await signInRequest(ctx.app, email);
      expect(inactive.statusCode).toBe(401);
      expect(inactive.json()).toEqual(BAD_CREDENTIALS);
    });

    it('takes about as long for an unknown email as for a wrong password', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      await signInRequest(ctx.app, freshEmail('warm-up'));
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        let start = performance.now();
        await signInRequest(ctx.app, email, 'wrong password');
        known.push(performance.now() - start);
        start = performance.now();
        await signInRequest(ctx.app, `nobody.${i}@example.com`, 'wrong password');
        unknown.push(performance.now() - start);
      }
      // An argon2 verification (~10+ ms) dominates both; without the dummy verification
      // the unknown email would answer several times faster.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });

    it.each([
      [{}, { email: ['This field is required.'], password: ['This field is required.'] }],
      [{ email: 'a@example.com' }, { password: ['This field is required.'] }],
      [{ email: ' ', password: 'x' }, { email: ['This field may not be blank.'] }],
    ])('answers 400 for %j', async (payload, body) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/auth/jwt/create/', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    });

    it('ignores a stale access token sent along', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const res = await signInRequest(ctx.app, email, PASSWORD, withJwt('stale.token.here'));
      expect(res.statusCode).toBe(200);
    });
  });

  describe('GET /auth/users/me/ and access tokens', () => {
    it('answers the user for `JWT <access>` and for `Bearer <access>`', async () => {
      const email = freshEmail();
      const { uuid } = registeredUser.parse(
        (await register(ctx.app, email, PASSWORD, 'Me')).json(),
      );
      const { access } = await signIn(ctx.app, email);
      for (const authorization of [`JWT ${access}`, `Bearer ${access}`]) {
        const res = await me({ authorization });
        expect(res.statusCode).toBe(200);
        expect(user.strict().parse(res.json())).toEqual({
          uuid,
          name: 'Me',
          email,
          is_staff: false,
        });
      }
    });

    it('answers the user of a signed-in session cookie too', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { cookie } = await signIn(ctx.app, email);
      const res = await me(withCookie(cookie));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email });
    });

    it('answers 401 "not provided" without credentials and with a guest cookie', async () => {
      const res = await me({});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHENTICATED);
      const guest = (await ctx.app.accounts.sessions.create(null)).value;
      expect((await me(withCookie(guest))).json()).toEqual(NOT_AUTHENTICATED);
    });

    it('answers 401 token_not_valid for a bad token on any API route', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { access, refresh: refreshToken } = await signIn(ctx.app, email);
      const [head, payload] = access.split('.');
      const forged = Buffer.from(
        JSON.stringify({ ...claimsOf(access), user_id: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url');
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      for (const token of [
        'garbage',
        `${access}x`,
        `${head}.${forged}.${access.split('.')[2]}`,
        none,
        refreshToken,
      ]) {
        for (const url of ['/auth/users/me/', '/api/images/', '/api/v2/profile/']) {
          const res = await ctx.app.inject({ url, headers: withJwt(token) });
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual(TOKEN_NOT_VALID);
        }
      }
      expect((await me(withJwt(access))).statusCode).toBe(200);
    });

    it('answers 401 "User is inactive" for an inactive user', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { access } = await signIn(ctx.app, email);
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: false })
        .where('email', '=', email)
        .execute();
      const res = await me(withJwt(access));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
    });
  });

  describe('POST /auth/jwt/refresh/ (rotation)', () => {
    it('answers a new pair and revokes the refresh token used', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const first = await signIn(ctx.app, email);
      const res = await refresh(first.refresh, withJwt('expired.or.stale'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const second = tokenPair.strict().parse(res.json());
      expect(second.refresh).not.toBe(first.refresh);
      expect(claimsOf(second.refresh).family).toBe(claimsOf(first.refresh).family);
      expect((await me(withJwt(second.access))).statusCode).toBe(200);
      const third = await refresh(second.refresh);
      expect(third.statusCode).toBe(200);
    });

    it('treats a revoked refresh token presented again as reuse: the family is revoked', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const first = await signIn(ctx.app, email);
      const other = await signIn(ctx.app, email); // another sign-in: another family
      const second = tokenPair.parse((await refresh(first.refresh)).json());

      const reused = await refresh(first.refresh);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual(BLACKLISTED);
      // The rotated token and the family's access tokens are dead too.
      const rotated = await refresh(second.refresh);
      expect(rotated.statusCode).toBe(401);
      expect(rotated.json()).toEqual(BLACKLISTED);
      expect((await me(withJwt(second.access))).json()).toEqual(TOKEN_NOT_VALID);
      expect((await me(withJwt(first.access))).statusCode).toBe(401);
      // The other sign-in is untouched.
      expect((await me(withJwt(other.access))).statusCode).toBe(200);
      expect((await refresh(other.refresh)).statusCode).toBe(200);
    });

    it('answers 401 "invalid or expired" for garbage and for an access token', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { access, refresh: refreshToken } = await signIn(ctx.app, email);
      for (const token of ['garbage', access, `${refreshToken.slice(0, -2)}xx`]) {
        const res = await refresh(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(REFRESH_INVALID);
      }
    });

    it('answers 400 without a refresh token', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/auth/jwt/refresh/', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ refresh: ['This field is required.'] });
    });

    it('refuses to refresh for a user made inactive', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { refresh: refreshToken } = await signIn(ctx.app, email);
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: false })
        .where('email', '=', email)
        .execute();
      const res = await refresh(refreshToken);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(BAD_CREDENTIALS);
    });
  });

  describe('GET /auth/jwt/get/ (session-based token)', () => {
    it('answers a pair for a signed-in session cookie, usable on the API', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { cookie } = await signIn(ctx.app, email);
      const res = await jwtGet({ ...withCookie(cookie), ...withJwt('stale') });
      expect(res.statusCode).toBe(200);
      const pair = tokenPair.strict().parse(res.json());
      expect((await me(withJwt(pair.access))).json()).toMatchObject({ email });
      expect((await refresh(pair.refresh)).statusCode).toBe(200);
    });

    it('answers 401 for a guest cookie, an unknown cookie and no cookie', async () => {
      const guest = (await ctx.app.accounts.sessions.create(null)).value;
      for (const headers of [withCookie(guest), withCookie('made-up'), {}]) {
        const res = await jwtGet(headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(NOT_AUTHENTICATED);
      }
    });
  });

  describe('GET /accounts/signout-no-redirect/', () => {
    it('ends the session, clears the cookie and revokes the tokens of the sign-in', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const signedIn = await signIn(ctx.app, email);
      const fromSession = tokenPair.parse((await jwtGet(withCookie(signedIn.cookie))).json());
      const elsewhere = await signIn(ctx.app, email); // another browser

      const res = await ctx.app.inject({
        url: '/accounts/signout-no-redirect/',
        headers: { ...withCookie(signedIn.cookie), ...withJwt(signedIn.access) },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cleared = sessionCookie(res);
      expect(cleared?.value).toBe('');
      // Expires is written in whole seconds (the clearing one is now, truncated): at a whole
      // second it equals Date.now(), and a cookie whose expiry is now is gone.
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

      expect((await jwtGet(withCookie(signedIn.cookie))).statusCode).toBe(401);
      expect((await refresh(signedIn.refresh)).json()).toEqual(BLACKLISTED);
      expect((await refresh(fromSession.refresh)).json()).toEqual(BLACKLISTED);
      expect((await me(withJwt(signedIn.access))).json()).toEqual(TOKEN_NOT_VALID);
      // The other browser stays signed in.
      expect((await me(withJwt(elsewhere.access))).statusCode).toBe(200);
      expect((await jwtGet(withCookie(elsewhere.cookie))).statusCode).toBe(200);
    });

    it('deletes the session row', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { cookie } = await signIn(ctx.app, email);
      const count = async () =>
        (await ctx.database.db.selectFrom('sessions').select('id').execute()).length;
      const before = await count();
      await ctx.app.inject({ url: '/accounts/signout-no-redirect/', headers: withCookie(cookie) });
      expect(await count()).toBe(before - 1);
    });

    it.each(['same-origin', 'same-site', 'none', undefined])(
      'signs out when Sec-Fetch-Site is %s',
      async (site) => {
        const email = freshEmail();
        await register(ctx.app, email);
        const { cookie } = await signIn(ctx.app, email);
        const res = await ctx.app.inject({
          url: '/accounts/signout-no-redirect/',
          headers: { ...withCookie(cookie), ...(site ? { 'sec-fetch-site': site } : {}) },
        });
        expect(res.statusCode).toBe(204);
        expect((await jwtGet(withCookie(cookie))).statusCode).toBe(401);
      },
    );

    it('refuses a sign-out that the browser says another site sent, and signs nobody out', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      const { cookie, access, refresh: refreshToken } = await signIn(ctx.app, email);
      const res = await ctx.app.inject({
        url: '/accounts/signout-no-redirect/',
        headers: { ...withCookie(cookie), ...withJwt(access), 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'CSRF Failed: Sign-out from another site is not allowed.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await jwtGet(withCookie(cookie))).statusCode).toBe(200);
      expect((await me(withJwt(access))).statusCode).toBe(200);
      expect((await refresh(refreshToken)).statusCode).toBe(200);
    });

    it('answers 204 for a guest and with a stale token', async () => {
      const res = await ctx.app.inject({
        url: '/accounts/signout-no-redirect/',
        headers: withJwt('stale'),
      });
      expect(res.statusCode).toBe(204);
      expect(sessionCookie(res)).toBeUndefined();
    });
  });

  describe('password reset', () => {
    const resetMails = async (email: string) => {
      await ctx.app.accounts.idle();
      return (await outbox(ctx.config.outboxDir)).filter((mail) =>
        mail.text.includes(`To: ${email}`),
      );
    };

    it('answers 204 for an unknown address and writes no email', async () => {
      const before = (await outbox(ctx.config.outboxDir)).length;
      const res = await requestReset(freshEmail('nobody'));
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      await ctx.app.accounts.idle();
      expect(await outbox(ctx.config.outboxDir)).toHaveLength(before);
    });

    it('writes no email for an inactive user', async () => {
      const email = freshEmail();
      await register(ctx.app, email);
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: false })
        .where('email', '=', email)
        .execute();
      expect((await requestReset(email)).statusCode).toBe(204);
      expect(await resetMails(email)).toHaveLength(0);
    });

    it.each([
      ['not-an-email', { email: ['Enter a valid email address.'] }],
      ['', { email: ['This field may not be blank.'] }],
    ])('answers 400 for the address %j', async (email, body) => {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    });

    it('emails a single-use link that sets the password and signs every session out', async () => {
      const email = freshEmail('reset');
      const { uuid } = registeredUser.parse((await register(ctx.app, email)).json());
      const before = await signIn(ctx.app, email);

      const res = await requestReset(email.toUpperCase().replace('@EXAMPLE.COM', '@Example.com'), {
        host: 'localhost:8080',
      });
      expect(res.statusCode).toBe(204);
      const mails = await resetMails(email);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      expect(text).toMatch(/^Subject: Password reset on Atelier$/m);
      const { link, uid, token } = resetLinkIn(text);
      expect(uid).toBe(uuid);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(link).toBe(`http://localhost:8080/accounts/reset-password-confirm/${uuid}/${token}`);
      // Only the token's hash is stored.
      const stored = await ctx.database.db
        .selectFrom('password_reset_tokens')
        .select('token_hash')
        .execute();
      expect(stored.some((row) => row.token_hash.includes(token))).toBe(false);

      const newPassword = 'a brand new passphrase';
      const weak = await confirmReset({ uid, token, new_password: 'password' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ new_password: [PASSWORD_MESSAGES.tooCommon] });

      const done = await confirmReset({ uid, token, new_password: newPassword });
      expect(done.statusCode).toBe(204);
      expect((await signInRequest(ctx.app, email, PASSWORD)).statusCode).toBe(401);
      await signIn(ctx.app, email, newPassword);

      const again = await confirmReset({ uid, token, new_password: 'yet another passphrase' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ token: ['Invalid token for given user.'] });

      // Everything issued before the reset is revoked.
      expect((await refresh(before.refresh)).statusCode).toBe(401);
      expect((await me(withJwt(before.access))).json()).toEqual(TOKEN_NOT_VALID);
      expect((await jwtGet(withCookie(before.cookie))).statusCode).toBe(401);
    });

    it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', 'localhost@evil'])(
      'sends no link to the host %j when neither PUBLIC_URL nor ALLOWED_HOSTS is set',
      async (host) => {
        const email = freshEmail('foreign');
        await register(ctx.app, email);
        const res = await requestReset(email, { host });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: SITE_ADDRESS_UNKNOWN });
        // Whether the address has an account or not.
        expect((await requestReset(freshEmail('foreign'), { host })).json()).toEqual({
          detail: SITE_ADDRESS_UNKNOWN,
        });
        expect(await resetMails(email)).toHaveLength(0);
      },
    );

    it.each(['127.0.0.1:12111', '[::1]:12111', 'LOCALHOST'])(
      'links to the loopback host %j by default (pnpm start on a laptop)',
      async (host) => {
        const email = freshEmail('loopback');
        await register(ctx.app, email);
        expect((await requestReset(email, { host })).statusCode).toBe(204);
        expect(resetLinkIn((await resetMails(email))[0]?.text ?? '').link).toMatch(
          new RegExp(
            `^http://${host.replace(/[.[\]]/g, '\\$&')}/accounts/reset-password-confirm/`,
            'i',
          ),
        );
      },
    );

    it('builds the link from the request origin and refuses an expired token', async () => {
      const email = freshEmail('expiry');
      await register(ctx.app, email);
      await requestReset(email);
      const { uid, token } = resetLinkIn((await resetMails(email))[0]?.text ?? '');
      expect(resetLinkIn((await resetMails(email))[0]?.text ?? '').link).toMatch(
        /^http:\/\/localhost(:80)?\/accounts\/reset-password-confirm\//,
      );
      const row = await userRow(email);
      await ctx.database.db
        .updateTable('password_reset_tokens')
        .set({ expires: new Date(Date.now() - 1000) })
        .where('user_id', '=', row.id)
        .execute();
      const res = await confirmReset({ uid, token, new_password: 'a brand new passphrase' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ token: ['Invalid token for given user.'] });
    });

    it('answers djoser errors for a bad uid or token', async () => {
      const email = freshEmail();
      const { uuid } = registeredUser.parse((await register(ctx.app, email)).json());
      for (const uid of ['nope', '00000000-0000-4000-8000-000000000000']) {
        const res = await confirmReset({ uid, token: 'x', new_password: 'whatever passphrase' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ uid: ['Invalid user id or user doesn\u2019t exist.'] });
      }
      for (const token of ['', 'made-up-token']) {
        const res = await confirmReset({ uid: uuid, token, new_password: 'whatever passphrase' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ token: ['Invalid token for given user.'] });
      }
      const missing = await confirmReset({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        uid: ['This field is required.'],
        token: ['This field is required.'],
        new_password: ['This field is required.'],
      });
    });

    it("refuses another user's token", async () => {
      const a = freshEmail();
      const b = freshEmail();
      await register(ctx.app, a);
      const { uuid: uuidB } = registeredUser.parse((await register(ctx.app, b)).json());
      await requestReset(a);
      const { token } = resetLinkIn((await resetMails(a))[0]?.text ?? '');
      const res = await confirmReset({ uid: uuidB, token, new_password: 'whatever passphrase' });
      expect(res.json()).toEqual({ token: ['Invalid token for given user.'] });
    });
  });

  describe('origin check of cookie-authenticated unsafe requests', () => {
    const host = { host: 'localhost:8123' };
    let cookie: string;
    let access: string;
    beforeAll(async () => {
      const email = freshEmail('origin');
      await register(ctx.app, email);
      ({ cookie, access } = await signIn(ctx.app, email));
    });

    it('refuses a foreign Origin', async () => {
      const res = await requestReset('someone@example.com', {
        ...host,
        ...withCookie(cookie),
        origin: 'https://evil.example',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail:
          'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.',
      });
    });

    it('refuses a foreign Referer when there is no Origin', async () => {
      const res = await requestReset('someone@example.com', {
        ...host,
        ...withCookie(cookie),
        referer: 'https://evil.example/page',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail:
          'CSRF Failed: Referer checking failed - https://evil.example does not match any trusted origins.',
      });
    });

    it('refuses a foreign sign-in into the browser session (login CSRF)', async () => {
      const res = await signInRequest(ctx.app, 'someone@example.com', PASSWORD, {
        ...host,
        ...withCookie(cookie),
        origin: 'http://evil.example',
      });
      expect(res.statusCode).toBe(403);
    });

    it('allows the same origin, no Origin or Referer, a JWT, and no cookie', async () => {
      const cases: Record<string, string>[] = [
        { ...host, ...withCookie(cookie), origin: 'http://localhost:8123' },
        { ...host, ...withCookie(cookie), referer: 'http://localhost:8123/accounts/login' },
        { ...host, ...withCookie(cookie) },
        { ...host, ...withCookie(cookie), ...withJwt(access), origin: 'https://evil.example' },
        { ...host, origin: 'https://evil.example' },
      ];
      for (const headers of cases) {
        const res = await requestReset('someone@example.com', headers);
        expect(res.statusCode).toBe(204);
      }
    });

    it('checks a request whose Authorization header authenticated nobody', async () => {
      const evil = { ...host, ...withCookie(cookie), origin: 'https://evil.example' };
      for (const authorization of [
        '',
        'JWT',
        'JWT garbage',
        'Bearer x.y.z',
        'Basic dXNlcjpwYXNz',
      ]) {
        // Sign-in and reset ignore a bad token (lenient): the origin check still applies.
        const res = await requestReset('someone@example.com', { ...evil, authorization });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ detail: expect.stringMatching(/^CSRF Failed: /) });
        const login = await signInRequest(ctx.app, 'someone@example.com', PASSWORD, {
          ...evil,
          authorization,
        });
        expect(login.statusCode).toBe(403);
      }
      // An inactive user's valid token authenticates nobody either.
      const email = freshEmail('inactive-origin');
      await register(ctx.app, email);
      const inactive = await signIn(ctx.app, email);
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: false })
        .where('email', '=', email)
        .execute();
      const res = await requestReset('someone@example.com', {
        ...evil,
        ...withJwt(inactive.access),
      });
      expect(res.statusCode).toBe(403);
    });

    it('leaves safe methods alone', async () => {
      const res = await ctx.app.inject({
        url: '/api/v2/profile/',
        headers: { ...host, ...withCookie(cookie), origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe.each(TEST_DRIVERS)('auth with tuned settings on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver, {
      config: {
        accessTokenLifetime: 1,
        refreshTokenLifetime: 1,
        authRateLimit: 3,
        trustProxy: true,
        publicUrl: 'https://shop.example',
        trustedOrigins: ['http://localhost:3000'],
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('expires access and refresh tokens after their lifetime', async () => {
    await register(ctx.app, 'expiry@example.com');
    const pair = await signIn(ctx.app, 'expiry@example.com');
    expect(
      (await ctx.app.inject({ url: '/auth/users/me/', headers: withJwt(pair.access) })).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const me = await ctx.app.inject({ url: '/auth/users/me/', headers: withJwt(pair.access) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(TOKEN_NOT_VALID);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/jwt/refresh/',
      payload: { refresh: pair.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual(REFRESH_INVALID);
  });

  it('sets a Secure cookie over https and builds links from PUBLIC_URL', async () => {
    await register(ctx.app, 'secure@example.com');
    const res = await signInRequest(ctx.app, 'secure@example.com', PASSWORD, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '10.9.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });

    await ctx.app.inject({
      method: 'POST',
      url: '/auth/users/reset_password/',
      payload: { email: 'secure@example.com' },
      headers: { host: 'evil.example', 'x-forwarded-for': '10.9.0.1' },
    });
    await ctx.app.accounts.idle();
    const mails = (await outbox(ctx.config.outboxDir)).filter((m) =>
      m.text.includes('To: secure@example.com'),
    );
    expect(resetLinkIn(mails[0]?.text ?? '').link).toMatch(
      /^https:\/\/shop\.example\/accounts\/reset-password-confirm\//,
    );
  });

  it('trusts TRUSTED_ORIGINS and PUBLIC_URL as origins', async () => {
    const guest = (await ctx.app.accounts.sessions.create(null)).value;
    for (const origin of ['http://localhost:3000', 'https://shop.example']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users/reset_password/',
        payload: { email: 'nobody@example.com' },
        headers: { ...withCookie(guest), origin, 'x-forwarded-for': `10.8.0.${origin.length}` },
      });
      expect(res.statusCode).toBe(204);
    }
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/auth/users/reset_password/',
      payload: { email: 'nobody@example.com' },
      headers: {
        ...withCookie(guest),
        origin: 'http://localhost:3001',
        'x-forwarded-for': '10.8.0.99',
      },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('limits the guest sessions one address starts in a minute, not the carts of one', async () => {
    const cart = (headers: Record<string, string>, i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/projects/',
        payload: { cart_email: `guest${i}@example.com` },
        headers,
      });
    const ip = { 'x-forwarded-for': '10.7.0.1' };
    let kept = '';
    for (let i = 0; i < GUEST_SESSIONS_PER_MINUTE; i++) {
      const res = await cart(ip, i);
      expect(res.statusCode).toBe(201);
      kept = sessionCookie(res)?.value ?? '';
      expect(kept).not.toBe('');
    }
    const sessions = await ctx.database.db.selectFrom('sessions').select('id').execute();
    const refused = await cart(ip, 999);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled\./) });
    expect(sessionCookie(refused)).toBeUndefined();
    expect(await ctx.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(
      sessions.length,
    );
    // A guest who has a session goes on making carts; another address starts its own.
    expect((await cart({ ...ip, ...withCookie(kept) }, 1000)).statusCode).toBe(201);
    expect((await cart({ 'x-forwarded-for': '10.7.0.2' }, 1001)).statusCode).toBe(201);
  });

  it('throttles sign-in failures per IP (3 × AUTH_RATE_LIMIT) with 429 and Retry-After', async () => {
    const ip = { 'x-forwarded-for': '10.1.0.1' };
    for (let i = 0; i < 9; i++) {
      const res = await signInRequest(ctx.app, `ip${i}@example.com`, 'wrong password', ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await signInRequest(ctx.app, 'ip9@example.com', 'wrong password', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      detail: expect.stringMatching(
        /^Request was throttled\. Expected available in (60|59|58) seconds\.$/,
      ),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(58);
    // Another address is not affected.
    const other = await signInRequest(ctx.app, 'ip9@example.com', 'wrong password', {
      'x-forwarded-for': '10.1.0.2',
    });
    expect(other.statusCode).toBe(401);
  });

  it('throttles sign-in per account and IP, whatever the case of the email; never per account alone', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await signInRequest(
        ctx.app,
        i % 2 ? 'Victim@Example.com' : 'victim@example.com',
        'wrong password',
        { 'x-forwarded-for': '10.2.0.1' },
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await signInRequest(ctx.app, 'VICTIM@example.com', 'wrong password', {
      'x-forwarded-for': '10.2.0.1',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not locked out of the account (see sign-in-limits.int.test.ts).
    const other = await signInRequest(ctx.app, 'victim@example.com', 'wrong password', {
      'x-forwarded-for': '10.2.0.200',
    });
    expect(other.statusCode).toBe(401);
  });

  it.each([
    ['/auth/users/', (i: number) => ({ email: `reg${i}@example.com`, password: 'x' })],
    ['/auth/users/reset_password/', (i: number) => ({ email: `reset${i}@example.com` })],
    [
      '/auth/users/reset_password_confirm/',
      (i: number) => ({ uid: `uid-${i}`, token: 't', new_password: 'p' }),
    ],
  ])('throttles %s per IP', async (url, payload) => {
    const ip = { 'x-forwarded-for': `10.3.${url.length}.1` };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url, payload: payload(i), headers: ip }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('throttles reset confirmation per uid and IP, never per uid alone', async () => {
    const uid = '11111111-1111-4111-8111-111111111111';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users/reset_password_confirm/',
        payload: { uid, token: 't', new_password: 'p' },
        headers: { 'x-forwarded-for': `10.4.0.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);
  });
});

describe.each(TEST_DRIVERS)('emailed links with ALLOWED_HOSTS on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(driver, {
      config: { allowedHosts: ['shop.example', 'admin.shop.example:8443'] },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const requestReset = (email: string, host: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/users/reset_password/',
      payload: { email },
      headers: { host },
    });
  const mailsTo = async (email: string) => {
    await ctx.app.accounts.idle();
    return (await outbox(ctx.config.outboxDir)).filter((mail) =>
      mail.text.includes(`To: ${email}`),
    );
  };

  it.each([
    ['shop.example', 'http://shop.example/'],
    ['SHOP.example:8080', 'http://shop.example:8080/'],
    ['admin.shop.example:8443', 'http://admin.shop.example:8443/'],
  ])('links to the allowed host %s', async (host, prefix) => {
    const email = `allowed.${host.length}.${prefix.length}@example.com`;
    await register(ctx.app, email);
    expect((await requestReset(email, host)).statusCode).toBe(204);
    expect(resetLinkIn((await mailsTo(email))[0]?.text ?? '').link.startsWith(prefix)).toBe(true);
  });

  it.each(['evil.example', 'shop.example.evil.example', 'admin.shop.example:9999', 'localhost'])(
    'refuses the host %s (loopback too, once ALLOWED_HOSTS is set)',
    async (host) => {
      const email = `refused.${host.length}@example.com`;
      await register(ctx.app, email);
      const res = await requestReset(email, host);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: SITE_ADDRESS_UNKNOWN });
      expect(await mailsTo(email)).toHaveLength(0);
    },
  );

  it('still registers from a refused host, telling an owner by an email without links', async () => {
    await register(ctx.app, 'owner.notice@example.com');
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/auth/users/',
      payload: { email: 'owner.notice@example.com', password: PASSWORD },
      headers: { host: 'evil.example' },
    });
    expect(again.statusCode).toBe(201);
    const [notice] = await mailsTo('owner.notice@example.com');
    expect(notice?.text).toMatch(/^Subject: Your Atelier account already exists$/m);
    expect(
      notice?.text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    ).not.toMatch(/https?:|evil/);
  });
});
