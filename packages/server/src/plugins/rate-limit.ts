import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Request limits: in Redis when REDIS_URL is set (all workers and replicas), else in memory. */
    rateLimits: RateLimits;
  }
}

/** The window of every limit: so many requests (or failures) per key and minute. */
export const WINDOW_MS = 60_000;
/** A key that keeps being refused is banned for twice as long each time, up to this. */
export const MAX_BAN_MS = 60 * 60_000;
/** How long a key's refusals are remembered (what doubles its ban). */
const STRIKES_MS = 24 * 60 * 60_000;
/** Keys remembered per counter in memory (least recently used forgotten first). */
const MEMORY_KEYS = 10_000;

/** A key and how many requests (or failures) it may make per window. */
interface LimitKey {
  key: string;
  max: number;
}

export interface LimitOptions {
  /**
   * 'all' (default): every request counts. 'failures': only requests answered 4xx count (a
   * correct password does not), so the owner signing in from their address is never
   * refused because of anyone's failures. Either way a request counts when it arrives (so
   * that simultaneous attempts cannot all pass) and, with 'failures', is taken back when
   * answered otherwise than 4xx.
   */
  count?: 'all' | 'failures';
  /**
   * Over the limit: the key is banned for one window; each request it makes while banned
   * doubles the ban (up to MAX_BAN_MS). Default true; false: refused until the count
   * falls back under the limit.
   */
  backoff?: boolean;
}

export interface RateLimits {
  /** Counters shared by every worker and replica (Redis). */
  readonly shared: boolean;
  /**
   * A worker's share of a server-wide limit: all of it when counters are shared; else
   * limit / workers (each worker counts its own requests in memory, and the node:cluster
   * primary spreads connections evenly, so the shares add up to the limit).
   */
  share(limit: number): number;
  /**
   * Refuses the request (429, Retry-After, DRF's throttled body) when one of `keys` is
   * over its limit; otherwise counts it (now, or when answered, per `options.count`) and
   * answers the most requests (or failures) any of its keys had in the sliding minute
   * before this one: 0 when the counters are unavailable.
   */
  limit(
    request: FastifyRequest,
    reply: FastifyReply,
    keys: LimitKey[],
    options?: LimitOptions,
  ): Promise<number>;
}

export const throttled = (wait: number): ApiError =>
  new ApiError(429, {
    detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`,
  });

/** The ban after `strikes` refusals: one window, then doubling, at most MAX_BAN_MS. */
export const banWindow = (windowMs: number, strikes: number): number =>
  Math.min(Math.max(windowMs, MAX_BAN_MS), windowMs * 2 ** Math.min(32, Math.max(0, strikes - 1)));

interface Count {
  current: number;
  ttlMs: number;
}

interface Counter {
  incr(key: string, windowMs: number, max: number): Promise<Count>;
  read(key: string, windowMs: number, max: number): Promise<Count>;
}

/**
 * What @fastify/rate-limit's createRateLimit() hands its key, window and max functions in
 * place of a request: one counter then serves any key, window and max.
 */
interface Call {
  key: string;
  windowMs: number;
  max: number;
  routeOptions: { config: Record<string, never> };
}

/**
 * A fixed-window counter per key from @fastify/rate-limit's store (its Redis store when the
 * plugin has one: one Lua script per call, atomic across processes). `continueExceeding`:
 * a count past max restarts the key's window with the window given (the ban).
 */
function counter(app: FastifyInstance, name: string, continueExceeding: boolean): Counter {
  const call = (request: FastifyRequest) => request as unknown as Call;
  const options: RateLimitOptions = {
    keyGenerator: (request) => call(request).key,
    timeWindow: (request) => call(request).windowMs,
    max: (request) => call(request).max,
    continueExceeding,
    cache: MEMORY_KEYS,
  };
  const limit = app.createRateLimit(options);
  const run = async (key: string, windowMs: number, max: number, increment: boolean) => {
    // One Redis key prefix for all counters: each counter's name keeps their keys apart.
    const args: Call = { key: `${name}|${key}`, windowMs, max, routeOptions: { config: {} } };
    const result = await limit(args as unknown as FastifyRequest, { increment });
    if (result.isAllowed) return { current: 0, ttlMs: 0 };
    // remaining = max - current, floored at 0: exact whenever current ≤ max.
    return {
      current: result.isExceeded ? max + 1 : max - result.remaining,
      ttlMs: result.ttl,
    };
  };
  return {
    incr: (key, windowMs, max) => run(key, windowMs, max, true),
    read: (key, windowMs, max) => run(key, windowMs, max, false),
  };
}

/** Large enough that a count is never "exceeded", so that `current` is exact. */
const UNCAPPED = 1_000_000_000;

/**
 * Registers @fastify/rate-limit (no route limited by default) with its Redis store when
 * `redisUrl` is set, and decorates the app with `rateLimits`. Call before the routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl: string | undefined; workers: number; nameSpace?: string },
): Promise<RateLimits> {
  let redis: Redis | null = null;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      connectTimeout: 5_000,
      // While Redis is away, calls fail at once (and requests go unlimited, logged) rather
      // than queue up behind sign-ins.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // A check's calls in one round trip.
      enableAutoPipelining: true,
    });
    redis.on('error', (err: unknown) => app.log.warn({ err }, 'rate limits: Redis error'));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect to Redis (${String(error)})`, { cause: error });
    }
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.nameSpace ?? 'atelier-rate-limit:' } : {}),
  });

  // Counts per key and minute slot (attempts, and the attempts taken back: successes); the
  // limit applies to a sliding minute: this slot's count plus the last slot's, weighted by
  // how much of it the minute still covers. Bans and refusals per key.
  const attempts = counter(app, 'attempts', false);
  const successes = counter(app, 'successes', false);
  const bans = counter(app, 'ban', true);
  const strikes = counter(app, 'strikes', false);
  const SLOT_KEPT_MS = 2 * WINDOW_MS;
  /** Failure-counted requests waiting for their answer: their keys and slot. */
  const pending = new WeakMap<FastifyRequest, { keys: LimitKey[]; slot: number }>();
  const none: Count = { current: 0, ttlMs: 0 };

  const refuse = (reply: FastifyReply, waitMs: number): never => {
    const wait = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(wait));
    throw throttled(wait);
  };

  /** One key: whether it is banned or over its limit with this request counted. */
  const check = async (
    { key, max }: LimitKey,
    slot: number,
    lastSlotWeight: number,
    failuresOnly: boolean,
    backoff: boolean,
  ) => {
    const [struck, now, last, nowOk, lastOk] = await Promise.all([
      backoff ? strikes.read(key, STRIKES_MS, UNCAPPED) : none,
      attempts.incr(`${key}|${slot}`, SLOT_KEPT_MS, UNCAPPED),
      attempts.read(`${key}|${slot - 1}`, SLOT_KEPT_MS, UNCAPPED),
      failuresOnly ? successes.read(`${key}|${slot}`, SLOT_KEPT_MS, UNCAPPED) : none,
      failuresOnly ? successes.read(`${key}|${slot - 1}`, SLOT_KEPT_MS, UNCAPPED) : none,
    ]);
    // A ban's length follows the key's strikes, so that a read knows it (the memory store).
    const ban = backoff ? await bans.read(key, banWindow(WINDOW_MS, struck.current), 0) : none;
    const counted =
      Math.max(0, now.current - nowOk.current) +
      Math.max(0, last.current - lastOk.current) * lastSlotWeight;
    return {
      key,
      strikes: struck.current,
      banned: ban.current > 0,
      over: counted > max,
      // Before this request (counted above).
      earlier: Math.max(0, counted - 1),
    };
  };

  const limits: RateLimits = {
    shared: redis !== null,
    share(limit) {
      return redis ? limit : Math.max(1, Math.floor(limit / options.workers));
    },
    async limit(request, reply, keys, { count = 'all', backoff = true } = {}) {
      const time = Date.now();
      const slot = Math.floor(time / WINDOW_MS);
      const lastSlotWeight = 1 - (time % WINDOW_MS) / WINDOW_MS;
      try {
        const checks = await Promise.all(
          keys.map((key) => check(key, slot, lastSlotWeight, count === 'failures', backoff)),
        );
        const refused = checks.filter((c) => c.banned || c.over);
        if (refused.length > 0) {
          if (!backoff) refuse(reply, WINDOW_MS - (time % WINDOW_MS));
          let waitMs = 0;
          for (const { key, strikes: before } of refused) {
            // One more refusal: the key's ban starts again, twice as long (up to MAX_BAN_MS).
            const after =
              banWindow(WINDOW_MS, before) < MAX_BAN_MS || before === 0
                ? (await strikes.incr(key, STRIKES_MS, UNCAPPED)).current
                : before;
            const ban = await bans.incr(key, banWindow(WINDOW_MS, after), 0);
            waitMs = Math.max(waitMs, ban.ttlMs);
          }
          refuse(reply, waitMs);
        }
        if (count === 'failures') pending.set(request, { keys, slot });
        return Math.max(0, ...checks.map((c) => c.earlier));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // Redis unreachable: the request goes unlimited rather than failing.
        request.log.warn({ err: error }, 'rate limits: counters unavailable, request not limited');
        return 0;
      }
    },
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const waiting = pending.get(request);
    if (!waiting) return payload;
    pending.delete(request);
    const status = reply.statusCode;
    if (status < 400 || status >= 500) {
      // Not a failure: taken back before the answer leaves (the next attempt sees it).
      await Promise.all(
        waiting.keys.map(({ key }) =>
          successes.incr(`${key}|${waiting.slot}`, SLOT_KEPT_MS, UNCAPPED),
        ),
      ).catch((err: unknown) =>
        request.log.warn({ err }, 'rate limits: counters unavailable, success not counted'),
      );
    }
    return payload;
  });

  app.decorate('rateLimits', limits);
  return limits;
}

/** The client's address as limits key it: an IPv6 address by its /64 (one subscriber's). */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

/** Failures counted against a request's keys before it (see rateLimit's `count`). */
const failuresBefore = new WeakMap<FastifyRequest, number>();

/**
 * How many failed attempts the request's client (its address, or its account and address)
 * had in the sliding minute before this one, as its route's `rateLimit(…, { count:
 * 'failures' })` hook found them; 0 without such a hook or limits. Sign-in hands it to the
 * password hasher: verifications from addresses that keep failing wait behind the others.
 */
export const recentFailures = (request: FastifyRequest): number =>
  Math.round(failuresBefore.get(request) ?? 0);

/** Keys carry no email address: a digest of it. */
const digest = (account: string) =>
  createHash('sha256').update(account).digest('base64url').slice(0, 22);

/** The auth routes' limits: `max` per account and IP, `ipMax` per IP, per window. */
export interface AuthLimiter {
  limits: RateLimits;
  max: number;
  ipMax: number;
}

/**
 * AUTH_RATE_LIMIT (`perMinute`) as the auth routes apply it: that many per account and IP,
 * three times that per IP (an address trying several accounts, or one shared by several
 * people), each worker's share when counters are not shared.
 */
export function authLimiter(limits: RateLimits, perMinute: number): AuthLimiter {
  return { limits, max: limits.share(perMinute), ipMax: limits.share(3 * perMinute) };
}

/**
 * A preValidation hook limiting a route per client IP and per account and IP (`accountOf`
 * reads the account from the body: an email or a uid), never per account alone: nobody can
 * lock an owner out from their own address. 429 with Retry-After when over, the ban
 * doubling while the client keeps trying. `count: 'failures'`: only 4xx answers count
 * (sign-in: a correct password is never refused for others' or earlier failures).
 * `limiter` null: no limit (AUTH_RATE_LIMIT=0).
 */
export function rateLimit(
  limiter: AuthLimiter | null,
  scope: string,
  accountOf: (body: Record<string, unknown>) => unknown,
  { count = 'all' }: { count?: 'all' | 'failures' } = {},
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!limiter) return;
    const ip = clientAddress(request);
    const { max } = limiter;
    // Failures only: a looser per-IP limit (see authLimiter); every request: the same.
    const ipMax = count === 'failures' ? limiter.ipMax : limiter.max;
    const keys: LimitKey[] = [{ key: `${scope}|ip|${ip}`, max: ipMax }];
    const body = request.body;
    const account =
      body !== null && typeof body === 'object' ? accountOf(body as Record<string, unknown>) : null;
    if (typeof account === 'string' && account.trim() !== '') {
      const id = digest(account.trim().toLowerCase());
      keys.push({ key: `${scope}|account+ip|${id}|${ip}`, max });
    }
    const earlier = await limiter.limits.limit(request, reply, keys, { count });
    if (count === 'failures') failuresBefore.set(request, earlier);
  };
}
