import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors';

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

/** A sliding-window log per key (DRF's SimpleRateThrottle), in memory, bounded (LRU). */
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

export const throttled = (wait: number): ApiError =>
  new ApiError(429, {
    detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`,
  });

/**
 * A preValidation hook limiting a route per client IP and per account (`accountOf` reads
 * it from the body: a lowercased email or a uid). 429 with Retry-After when over.
 * `limiter` null: no limit (AUTH_RATE_LIMIT=0).
 */
export function rateLimit(
  limiter: RateLimiter | null,
  scope: string,
  accountOf: (body: Record<string, unknown>) => unknown,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!limiter) return;
    const keys = [`${scope}\u0000ip\u0000${request.ip}`];
    const body = request.body;
    const account =
      body !== null && typeof body === 'object' ? accountOf(body as Record<string, unknown>) : null;
    if (typeof account === 'string' && account.trim() !== '') {
      keys.push(`${scope}\u0000account\u0000${account.trim().toLowerCase()}`);
    }
    for (const key of keys) {
      const wait = limiter.hit(key);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw throttled(wait);
      }
    }
  };
}
