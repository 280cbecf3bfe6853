import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, type JWTPayload } from 'jose';
import { issueToken, JWT_SECRET_FILE, loadJwtSecret, verifyToken } from './tokens';

const SECRET = Buffer.from('s'.repeat(48));
const USER = '0b7c2f1e-1234-4abc-9def-0123456789ab';
const FAMILY = '1b7c2f1e-1234-4abc-9def-0123456789ab';
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('JWT', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  const issue = (type: 'access' | 'refresh' = 'access') =>
    issueToken(SECRET, { type, userUuid: USER, family: FAMILY, lifetime: 300, now });

  it('signs simplejwt-style claims with HS256', async () => {
    const { token, claims, expires } = await issue();
    expect(claims).toEqual({
      token_type: 'access',
      exp: 1748736300,
      iat: 1748736000,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: USER,
      family: FAMILY,
    });
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(expires.toISOString()).toBe('2025-06-01T00:05:00.000Z');
    expect(await verifyToken(SECRET, token, 'access', { now })).toEqual({ ok: true, claims });
  });

  it('refuses a token after exp, unless asked to ignore expiry', async () => {
    const { token } = await issue();
    const later = new Date('2025-06-01T00:05:00Z');
    expect(await verifyToken(SECRET, token, 'access', { now: later })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(
      (await verifyToken(SECRET, token, 'access', { now: later, ignoreExpiry: true })).ok,
    ).toBe(true);
  });

  it('refuses another secret, a changed payload, alg none and the other type', async () => {
    const { token } = await issue();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect((await verifyToken(Buffer.from('t'.repeat(48)), token, 'access', { now })).ok).toBe(
      false,
    );
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const changed = Buffer.from(JSON.stringify({ ...claims, exp: 9999999999 })).toString(
      'base64url',
    );
    expect(
      await verifyToken(SECRET, `${header}.${changed}.${signature}`, 'access', { now }),
    ).toEqual({ ok: false, reason: 'signature' });
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await verifyToken(SECRET, `${none}.${payload}.`, 'access', { now })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await verifyToken(SECRET, token, 'refresh', { now })).toEqual({
      ok: false,
      reason: 'type',
    });
    for (const junk of ['', 'a.b', 'a.b.c', '...', `${header}.${payload}`]) {
      expect((await verifyToken(SECRET, junk, 'access', { now })).ok).toBe(false);
    }
  });

  it('refuses a token signed with HS256 but missing or mistyping a simplejwt claim', async () => {
    const { claims } = await issue();
    for (const bad of [
      { ...claims, user_id: 'not-a-uuid' },
      { ...claims, token_type: 'sliding' },
      { ...claims, exp: undefined },
    ]) {
      const token = await new SignJWT(bad as JWTPayload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(SECRET);
      expect(await verifyToken(SECRET, token, 'access', { now })).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('refuses every other spelling of the signature, the last character included', async () => {
    // 32 signature bytes are 43 base64url characters: the last one carries 4 unused bits.
    for (let i = 0; i < 20; i++) {
      const { token } = await issue();
      const last = token.slice(-1);
      for (const other of BASE64URL_ALPHABET) {
        if (other === last) continue;
        const variant = `${token.slice(0, -1)}${other}`;
        expect(await verifyToken(SECRET, variant, 'access', { now })).toMatchObject({ ok: false });
      }
    }
  });

  it('gives every token its own jti', async () => {
    expect((await issue()).claims.jti).not.toBe((await issue()).claims.jti);
  });
});

describe('loadJwtSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-secret-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when set, writing nothing', async () => {
    const secret = await loadJwtSecret({ jwtSecret: 'k'.repeat(40), dataDir: dir });
    expect(secret.toString()).toBe('k'.repeat(40));
    await expect(stat(path.join(dir, JWT_SECRET_FILE))).rejects.toThrow();
  });

  it('generates a key once, in a 0600 file, and reads it back on the next start', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await loadJwtSecret({ jwtSecret: undefined, dataDir });
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const second = await loadJwtSecret({ jwtSecret: undefined, dataDir });
    expect(second.equals(first)).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString());
    // Two starts at once agree on one key.
    const other = path.join(dir, 'other');
    const [a, b] = await Promise.all([
      loadJwtSecret({ jwtSecret: undefined, dataDir: other }),
      loadJwtSecret({ jwtSecret: undefined, dataDir: other }),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('refuses a key file too short to be a key', async () => {
    await writeFile(path.join(dir, JWT_SECRET_FILE), 'short\n');
    await expect(loadJwtSecret({ jwtSecret: undefined, dataDir: dir })).rejects.toThrow(
      /JWT_SECRET/,
    );
  });
});
