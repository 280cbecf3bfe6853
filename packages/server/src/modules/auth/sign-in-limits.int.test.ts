import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { createPasswordHasher, type VerifyOrder } from '../../lib/passwords';
import { testConfig } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { PASSWORD, signInRequest } from './testing';

/**
 * Sign-in limits on the real routes (issue 11, item 4): per IP and per account and IP,
 * failures only, with a growing ban; shared through Redis when TEST_REDIS_URL is set.
 * Limits do not depend on the database driver: PGlite only.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const STORES: ('memory' | 'redis')[] = REDIS_URL ? ['memory', 'redis'] : ['memory'];
const RUN = `atelier-test-${randomUUID()}:`;
/** AUTH_RATE_LIMIT here: 3 failures per account and IP, 9 per IP, a minute. */
const LIMIT = 3;

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const WRONG = 'not the password';

describe.each(STORES)('sign-in limits (%s counters)', (store) => {
  let database: TestDatabase;
  let dir: string;
  const apps: FastifyInstance[] = [];

  /** The order each verification was queued in (the password hasher's second argument). */
  let orders: { password: string; failures: number | undefined }[] = [];
  const base = createPasswordHasher();
  const hasher = {
    ...base,
    verify: (hash: string, password: string, order?: VerifyOrder) => {
      orders.push({ password, failures: order?.failures });
      return base.verify(hash, password, order);
    },
  };

  /** An app on the shared database; apps given one `nameSpace` share Redis counters. */
  const build = async (nameSpace = `${RUN}${randomUUID()}:`, config: Partial<Config> = {}) => {
    const app = await buildApp(
      testConfig(dir, {
        authRateLimit: LIMIT,
        trustProxy: true,
        redisUrl: store === 'redis' ? REDIS_URL : undefined,
        ...config,
      }),
      { db: database, logger: false, rateLimitNameSpace: nameSpace, passwordHasher: hasher },
    );
    apps.push(app);
    return app;
  };

  let app: FastifyInstance;
  let counter = 0;
  /** A registered account (registered from its own address: registration is limited too). */
  const account = async () => {
    const email = `owner.${store}.${++counter}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/auth/users/',
      payload: { email, password: PASSWORD, name: '' },
      headers: from(`10.250.${counter}.1`),
    });
    expect(res.statusCode).toBe(201);
    return email;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-limits-'));
    database = await createTestDatabase('pglite');
  });
  beforeEach(async () => {
    app = await build();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await database.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets the owner sign in while 20 other addresses hammer wrong passwords at the account', async () => {
    const owner = await account();
    const attackers: Record<number, number> = {};
    for (let round = 0; round < 6; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signInRequest(app, owner, WRONG, from(`203.0.113.${i + 1}`)).then((r) => r.statusCode),
        ),
      );
      for (const status of statuses) attackers[status] = (attackers[status] ?? 0) + 1;
      const res = await signInRequest(app, owner, PASSWORD, from('198.51.100.7'));
      expect(res.statusCode).toBe(200);
    }
    // Each attacking address got its 3 failures a minute, then 429s.
    expect(attackers).toEqual({ 401: 20 * LIMIT, 429: 20 * (6 - LIMIT) });
  });

  it('refuses a single attacking address with 429, Retry-After and a growing ban', async () => {
    const owner = await account();
    const ip = from('203.0.113.50');
    for (let i = 0; i < LIMIT; i++) {
      expect((await signInRequest(app, owner, WRONG, ip)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Even the right password: the address is banned for this account.
      const res = await signInRequest(app, owner, PASSWORD, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        detail: `Request was throttled. Expected available in ${res.headers['retry-after']} seconds.`,
      });
      waits.push(Number(res.headers['retry-after']));
    }
    expect(waits).toEqual([60, 120, 240]);
    // The owner, from their own address, is not affected.
    expect((await signInRequest(app, owner, PASSWORD, from('198.51.100.8'))).statusCode).toBe(200);
  });

  it('keys failures by account and address, and by address alone at three times that', async () => {
    const [owner, other] = [await account(), await account()];
    const ip = from('203.0.113.60');
    for (let i = 0; i < LIMIT; i++) await signInRequest(app, owner, WRONG, ip);
    // This address and account: refused. Same address, another account: fine.
    expect((await signInRequest(app, owner, PASSWORD, ip)).statusCode).toBe(429);
    expect((await signInRequest(app, other, PASSWORD, ip)).statusCode).toBe(200);
    // Same account, another address: not refused, and its failures are its own.
    expect((await signInRequest(app, owner, WRONG, from('203.0.113.61'))).statusCode).toBe(401);
    expect((await signInRequest(app, owner, PASSWORD, from('203.0.113.61'))).statusCode).toBe(200);
    // The email's case does not make another key.
    expect((await signInRequest(app, owner.toUpperCase(), PASSWORD, ip)).statusCode).toBe(429);
    // One address trying many accounts: 3 × LIMIT failures, then refused for any account.
    const sprayer = from('203.0.113.62');
    for (let i = 0; i < 3 * LIMIT; i++) {
      const res = await signInRequest(app, `nobody${i}@example.com`, WRONG, sprayer);
      expect(res.statusCode).toBe(401);
    }
    expect((await signInRequest(app, other, PASSWORD, sprayer)).statusCode).toBe(429);
  });

  it('queues each password check behind those of addresses with fewer recent failures', async () => {
    const owner = await account();
    const attacker = from('203.0.113.90');
    orders = [];
    for (let i = 0; i < LIMIT; i++) await signInRequest(app, owner, WRONG, attacker);
    await signInRequest(app, owner, PASSWORD, from('198.51.100.11'));
    await signInRequest(app, owner, PASSWORD, from('198.51.100.11'));
    // The hasher is told each address's failures before the attempt; successes count none.
    expect(orders.map((o) => [o.password, Math.round(o.failures ?? NaN)])).toEqual([
      [WRONG, 0],
      [WRONG, 1],
      [WRONG, 2],
      [PASSWORD, 0],
      [PASSWORD, 0],
    ]);
  });

  it('never counts a successful sign-in', async () => {
    const owner = await account();
    // Fewer than 3 × LIMIT in 5 s: attempts per address are capped over bursts.
    for (let i = 0; i < 3 * LIMIT - 1; i++) {
      expect((await signInRequest(app, owner, PASSWORD, from('198.51.100.9'))).statusCode).toBe(
        200,
      );
    }
  });

  if (store === 'redis') {
    it('counts across app instances (workers, replicas) sharing a Redis', async () => {
      const owner = await account();
      const nameSpace = `${RUN}shared-${randomUUID()}:`;
      const [one, two] = [await build(nameSpace), await build(nameSpace)];
      const ip = from('203.0.113.70');
      const statuses = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        statuses.push((await signInRequest(i % 2 ? two : one, owner, WRONG, ip)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
      expect((await signInRequest(one, owner, PASSWORD, ip)).statusCode).toBe(429);
      expect((await signInRequest(two, owner, PASSWORD, from('198.51.100.10'))).statusCode).toBe(
        200,
      );
    });
  } else {
    it('gives each of WEB_CONCURRENCY workers its share of the limit in memory', async () => {
      const owner = await account();
      const worker = await build(undefined, { workers: 3 });
      const ip = from('203.0.113.80');
      // 3 / 3 workers: 1 failure per account and address in this worker.
      expect((await signInRequest(worker, owner, WRONG, ip)).statusCode).toBe(401);
      expect((await signInRequest(worker, owner, WRONG, ip)).statusCode).toBe(429);
    });
  }
});
