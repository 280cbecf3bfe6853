import { createRateLimiter, throttled } from './rate-limit';

describe('rate limiter', () => {
  it('allows `limit` requests per sliding window, then says how long to wait', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    expect(limiter.hit('k', t0)).toBe(0);
    expect(limiter.hit('k', t0 + 10_000)).toBe(0);
    expect(limiter.hit('k', t0 + 20_000)).toBe(0);
    expect(limiter.hit('k', t0 + 30_000)).toBe(30); // the first one leaves the window at t0+60s
    expect(limiter.hit('k', t0 + 59_500)).toBe(1);
    // A refused request is not counted: the window frees up when the first one expires.
    expect(limiter.hit('k', t0 + 60_001)).toBe(0);
    expect(limiter.hit('k', t0 + 60_002)).toBe(10); // until t0+10s leaves: 9.998 s, rounded up
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter({ limit: 1 });
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.hit('b', 0)).toBe(0);
    expect(limiter.hit('a', 1)).toBeGreaterThan(0);
  });

  it('remembers at most maxKeys keys, forgetting the least recently used', () => {
    const limiter = createRateLimiter({ limit: 1, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`key${i}`, i);
    expect(limiter.size).toBe(100);
    // key999 is remembered (limited), key0 was forgotten (allowed again).
    expect(limiter.hit('key999', 1000)).toBeGreaterThan(0);
    expect(limiter.hit('key0', 1000)).toBe(0);
  });

  it('words the 429 like DRF', () => {
    expect(throttled(1).body).toEqual({
      detail: 'Request was throttled. Expected available in 1 second.',
    });
    expect(throttled(42).body).toEqual({
      detail: 'Request was throttled. Expected available in 42 seconds.',
    });
    expect(throttled(42).statusCode).toBe(429);
  });
});
