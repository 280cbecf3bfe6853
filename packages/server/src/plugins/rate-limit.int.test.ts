import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandler } from './errors';
import {
  banWindow,
  MAX_BAN_MS,
  registerRateLimits,
  throttled,
  WINDOW_MS,
  type LimitOptions,
} from './rate-limit';

/** Redis for the shared-store cases: TEST_REDIS_URL (the CI sets it); else memory only. */
const REDIS_URL = process.env.TEST_REDIS_URL;
const STORES: ('memory' | 'redis')[] = REDIS_URL ? ['memory', 'redis'] : ['memory'];
/** One key prefix per test run, so that runs (and other users of the Redis) never meet. */
const RUN = `atelier-test-${randomUUID()}:`;

/**
 * A bare app limited like the auth routes: POST /try with {key, ok} counts toward `key`
 * (per IP and key); `ok: true` answers 200, else 401. The x-earlier header: what limit()
 * answered (the most counted on a key before this request).
 */
async function limitedApp(
  store: 'memory' | 'redis',
  options: LimitOptions & { max?: number; workers?: number; nameSpace?: string } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: true });
  registerErrorHandler(app);
  const limits = await registerRateLimits(app, {
    redisUrl: store === 'redis' ? REDIS_URL : undefined,
    workers: options.workers ?? 1,
    nameSpace: options.nameSpace ?? `${RUN}${randomUUID()}:`,
  });
  const max = options.max ?? 3;
  app.post<{ Body: { key: string; ok?: boolean } }>(
    '/try',
    {
      preValidation: async (request, reply) => {
        const earlier = await limits.limit(
          request,
          reply,
          [
            { key: `try|ip|${request.ip}`, max: 3 * max },
            { key: `try|key|${request.body.key}|${request.ip}`, max },
          ],
          options,
        );
        reply.header('x-earlier', String(earlier));
      },
    },
    async (request, reply) =>
      request.body.ok ? { ok: true } : reply.code(401).send({ detail: 'No.' }),
  );
  await app.ready();
  return app;
}

const attempt = (app: FastifyInstance, ip: string, key: string, ok = false) =>
  app.inject({
    method: 'POST',
    url: '/try',
    payload: { key, ok },
    headers: { 'x-forwarded-for': ip },
  });

describe.each(STORES)('rate limits in %s', (store) => {
  const apps: FastifyInstance[] = [];
  const build = async (options?: Parameters<typeof limitedApp>[1]) => {
    const app = await limitedApp(store, options);
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('counts every request: 429 past the limit, with Retry-After and DRF’s body', async () => {
    const app = await build();
    for (let i = 0; i < 3; i++)
      expect((await attempt(app, '10.0.0.1', 'a', true)).statusCode).toBe(200);
    const res = await attempt(app, '10.0.0.1', 'a', true);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      detail: expect.stringMatching(
        /^Request was throttled\. Expected available in (60|59) seconds\.$/,
      ),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    // Another key, or the same key from another address, is not limited.
    expect((await attempt(app, '10.0.0.1', 'b', true)).statusCode).toBe(200);
    expect((await attempt(app, '10.0.0.2', 'a', true)).statusCode).toBe(200);
  });

  it('doubles the ban of a client that keeps trying, up to MAX_BAN_MS', async () => {
    const app = await build({ count: 'failures' });
    for (let i = 0; i < 3; i++) expect((await attempt(app, '10.0.1.1', 'a')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await attempt(app, '10.0.1.1', 'a', true);
      expect(res.statusCode).toBe(429);
      waits.push(Number(res.headers['retry-after']));
    }
    const minute = WINDOW_MS / 1000;
    expect(waits.slice(0, 4)).toEqual([minute, 2 * minute, 4 * minute, 8 * minute]);
    expect(Math.max(...waits)).toBe(MAX_BAN_MS / 1000);
    expect(waits.at(-1)).toBe(MAX_BAN_MS / 1000);
  });

  it('answers how many failures a request’s keys had before it, successes taken back', async () => {
    const app = await build({ count: 'failures', max: 5 });
    const earlier = async (ip: string, key: string, ok = false) =>
      Number((await attempt(app, ip, key, ok)).headers['x-earlier']);
    // Close to whole numbers: the last minute slot's weight is just under 1 after a slot ends.
    expect(await earlier('10.1.0.1', 'a')).toBeCloseTo(0, 0);
    expect(await earlier('10.1.0.1', 'a')).toBeCloseTo(1, 0);
    expect(await earlier('10.1.0.1', 'b', true)).toBeCloseTo(2, 0);
    // Per IP: another key from the same address sees the address's failures.
    expect(await earlier('10.1.0.1', 'c')).toBeCloseTo(2, 0);
    expect(await earlier('10.1.0.2', 'a', true)).toBeCloseTo(0, 0);
    expect(await earlier('10.1.0.2', 'a', true)).toBeCloseTo(0, 0);
  });

  it('counts only failures when asked: a client that succeeds is never refused', async () => {
    const app = await build({ count: 'failures' });
    for (let i = 0; i < 30; i++) {
      expect((await attempt(app, '10.0.2.1', 'owner', true)).statusCode).toBe(200);
    }
    // Others' failures on the same key, from other addresses, change nothing for it.
    for (let ip = 0; ip < 20; ip++) {
      for (let i = 0; i < 4; i++) await attempt(app, `10.0.3.${ip}`, 'owner');
    }
    expect((await attempt(app, '10.0.3.0', 'owner', true)).statusCode).toBe(429);
    expect((await attempt(app, '10.0.2.1', 'owner', true)).statusCode).toBe(200);
    // Its own failures do count: 3 and the next attempt is refused, right password or not.
    for (let i = 0; i < 3; i++)
      expect((await attempt(app, '10.0.2.1', 'owner')).statusCode).toBe(401);
    expect((await attempt(app, '10.0.2.1', 'owner', true)).statusCode).toBe(429);
  });

  it('counts attempts when they arrive: simultaneous ones cannot all pass', async () => {
    const app = await build({ count: 'failures' });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => attempt(app, '10.0.4.1', 'k').then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('shares a limit among workers only when counters are not shared', async () => {
    const app = await build({ workers: 4 });
    expect(app.rateLimits.share(10)).toBe(store === 'redis' ? 10 : 2);
    expect(app.rateLimits.share(1)).toBe(1);
    expect(app.rateLimits.shared).toBe(store === 'redis');
  });

  if (store === 'redis') {
    it('shares counters between app instances (workers, replicas) through Redis', async () => {
      const nameSpace = `${RUN}shared-${randomUUID()}:`;
      const [one, two] = [
        await build({ nameSpace, count: 'failures' }),
        await build({ nameSpace, count: 'failures' }),
      ];
      expect((await attempt(one, '10.0.5.1', 'a')).statusCode).toBe(401);
      expect((await attempt(two, '10.0.5.1', 'a')).statusCode).toBe(401);
      expect((await attempt(one, '10.0.5.1', 'a')).statusCode).toBe(401);
      for (const app of [one, two]) {
        const res = await attempt(app, '10.0.5.1', 'a', true);
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // A fresh prefix sees none of it.
      const other = await build({ count: 'failures' });
      expect((await attempt(other, '10.0.5.1', 'a', true)).statusCode).toBe(200);
    });
  }
});

describe('rate limits without Redis', () => {
  it('refuses to start when REDIS_URL cannot be reached', async () => {
    const app = Fastify({ logger: false });
    await expect(
      registerRateLimits(app, { redisUrl: 'redis://127.0.0.1:1', workers: 1 }),
    ).rejects.toThrow(/^REDIS_URL: cannot connect to Redis/);
    await app.close();
  });

  it('bans for one window, then twice as long each time, at most MAX_BAN_MS', () => {
    expect([0, 1, 2, 3, 4].map((s) => banWindow(60_000, s))).toEqual([
      60_000, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(banWindow(60_000, 1000)).toBe(MAX_BAN_MS);
  });

  it('words 429s as DRF does', () => {
    expect(throttled(1).body).toEqual({
      detail: 'Request was throttled. Expected available in 1 second.',
    });
    expect(throttled(42).body).toEqual({
      detail: 'Request was throttled. Expected available in 42 seconds.',
    });
    expect(throttled(42).statusCode).toBe(429);
  });
});
