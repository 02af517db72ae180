import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  it('admits up to the limit, then reports seconds until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfter('k')).toBe(0);
      limiter.hit('k');
    }
    expect(limiter.retryAfter('k')).toBe(60);
    now += 30_500;
    expect(limiter.retryAfter('k')).toBe(30);
    expect(limiter.retryAfter('other')).toBe(0);
    now += 30_000;
    expect(limiter.retryAfter('k')).toBe(0);
  });

  it('reset forgets a key', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.hit('k');
    expect(limiter.retryAfter('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfter('k')).toBe(0);
  });

  it('stays bounded under a flood of distinct keys', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 });
    for (let i = 0; i < RateLimiter.MAX_KEYS + 500; i += 1) limiter.hit(`ip-${i}`);
    // The newest keys are still counted.
    expect(limiter.retryAfter(`ip-${RateLimiter.MAX_KEYS + 499}`)).toBeGreaterThan(0);
  });
});
