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
/** Failure-counted routes also cap attempts per IP over this short window (see `burst`). */
const BURST_MS = 5_000;
/** Keys remembered per counter in memory (least recently used forgotten first). */
const MEMORY_KEYS = 10_000;

/** A key and how many requests (or failures) it may make per window. */
export interface LimitKey {
  key: string;
  max: number;
}

export interface LimitOptions {
  /**
   * 'all' (default): every request counts, when it arrives. 'failures': only requests
   * answered 4xx (429 aside) count, when answered: a correct password is never counted, so
   * the owner signing in from their address is never refused because of anyone's failures.
   */
  count?: 'all' | 'failures';
  /** Refused requests double the key's ban (from one window up to MAX_BAN_MS). Default true. */
  backoff?: boolean;
  /**
   * With count 'failures': attempts (counted when they arrive) allowed per BURST_MS. Failures
   * are counted when answered, so without it simultaneous attempts would all pass the check.
   */
  burst?: LimitKey;
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
   * over its limit; otherwise counts it (now, or when answered, per `options.count`).
   */
  limit(
    request: FastifyRequest,
    reply: FastifyReply,
    keys: LimitKey[],
    options?: LimitOptions,
  ): Promise<void>;
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

  const fails = counter(app, 'count', true);
  const strikes = counter(app, 'strikes', false);
  const bursts = counter(app, 'burst', false);
  /** Failure-counted requests waiting for their answer: their keys and windows. */
  const pending = new WeakMap<FastifyRequest, { keys: LimitKey[]; windows: number[] }>();

  const refuse = (reply: FastifyReply, waitMs: number): never => {
    const wait = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(wait));
    throw throttled(wait);
  };

  const limits: RateLimits = {
    shared: redis !== null,
    share(limit) {
      return redis ? limit : Math.max(1, Math.floor(limit / options.workers));
    },
    async limit(request, reply, keys, { count = 'all', backoff = true, burst } = {}) {
      try {
        const struck = backoff
          ? await Promise.all(
              keys.map(async ({ key }) => (await strikes.read(key, STRIKES_MS, UNCAPPED)).current),
            )
          : keys.map(() => 0);
        const windows = struck.map((s) => banWindow(WINDOW_MS, s));
        const counts = await Promise.all(
          keys.map(({ key, max }, i) =>
            count === 'all'
              ? fails.incr(key, windows[i] ?? WINDOW_MS, max)
              : fails.read(key, windows[i] ?? WINDOW_MS, max),
          ),
        );
        // Counted now: over past max. Counted when answered: this one would be past max.
        const over = keys.filter(
          ({ max }, i) => (counts[i]?.current ?? 0) >= max + (count === 'all' ? 1 : 0),
        );
        if (over.length > 0) {
          let waitMs = 0;
          for (const { key, max } of over) {
            const i = keys.findIndex((k) => k.key === key);
            if (!backoff) {
              waitMs = Math.max(waitMs, counts[i]?.ttlMs ?? WINDOW_MS);
              continue;
            }
            // One more refusal: the key's ban restarts, twice as long (up to MAX_BAN_MS).
            const before = struck[i] ?? 0;
            const after =
              banWindow(WINDOW_MS, before) < MAX_BAN_MS || before === 0
                ? (await strikes.incr(key, STRIKES_MS, UNCAPPED)).current
                : before;
            const ban = await fails.incr(key, banWindow(WINDOW_MS, after), max);
            waitMs = Math.max(waitMs, ban.ttlMs);
          }
          refuse(reply, waitMs);
        }
        if (count === 'failures') {
          if (burst) {
            const attempts = await bursts.incr(burst.key, BURST_MS, burst.max);
            if (attempts.current > burst.max) refuse(reply, attempts.ttlMs);
          }
          pending.set(request, { keys, windows });
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // Redis unreachable: the request goes unlimited rather than failing.
        request.log.warn({ err: error }, 'rate limits: counters unavailable, request not limited');
      }
    },
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const waiting = pending.get(request);
    if (!waiting) return payload;
    pending.delete(request);
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && status !== 429) {
      // Counted before the answer leaves, so that the next attempt already sees it.
      await Promise.all(
        waiting.keys.map(({ key, max }, i) =>
          fails.incr(key, waiting.windows[i] ?? WINDOW_MS, max),
        ),
      ).catch((err: unknown) =>
        request.log.warn({ err }, 'rate limits: counters unavailable, failure not counted'),
      );
    }
    return payload;
  });

  app.decorate('rateLimits', limits);
  return limits;
}

/** The client's address as limits key it: an IPv6 address by its /64 (one subscriber's). */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

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
    await limiter.limits.limit(request, reply, keys, {
      count,
      burst: count === 'failures' ? { key: `${scope}|${ip}`, max: ipMax } : undefined,
    });
  };
}

export interface RateLimiterOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs?: number;
  /** Keys remembered at most; the least recently used are forgotten first. */
  maxKeys?: number;
}

export interface RateLimiter {
  /**
   * Records a request for `key` unless it is over the limit. Answers 0 when allowed, else
   * the whole seconds to wait until the oldest request of the window expires.
   */
  hit(key: string, now?: number): number;
  /** How many keys are remembered. */
  readonly size: number;
}

/**
 * A sliding-window log per key, in this process's memory, bounded (LRU).
 * @deprecated Kept while callers move to `app.rateLimits.limit()` (shared through Redis
 * when REDIS_URL is set, @fastify/rate-limit's counters); to be removed then.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const history = new Map<string, number[]>();
  return {
    hit(key, now = Date.now()) {
      const times = (history.get(key) ?? []).filter((time) => time > now - windowMs);
      // Re-inserted at each hit, so the Map's order is least recently used first.
      history.delete(key);
      let wait = 0;
      if (times.length >= options.limit) {
        wait = Math.max(1, Math.ceil(((times[0] ?? now) + windowMs - now) / 1000));
      } else {
        times.push(now);
      }
      history.set(key, times);
      while (history.size > maxKeys) {
        const oldest = history.keys().next().value;
        if (oldest === undefined) break;
        history.delete(oldest);
      }
      return wait;
    },
    get size() {
      return history.size;
    },
  };
}
