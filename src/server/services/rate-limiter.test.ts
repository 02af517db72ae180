import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages';
import { AppError } from './app-error.ts';
import { RateLimiter, throwIfLimited } from './rate-limiter.ts';

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
    let largest = 0;
    for (let i = 0; i < RateLimiter.MAX_KEYS + 500; i += 1) {
      limiter.hit(`ip-${i}`);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(RateLimiter.MAX_KEYS);
    // A full map of live keys drops its oldest tenth at once rather than one key per insert.
    expect(limiter.size).toBeLessThanOrEqual(RateLimiter.MAX_KEYS - RateLimiter.MAX_KEYS / 10 + 500);
    // The newest keys are still counted.
    expect(limiter.retryAfter(`ip-${RateLimiter.MAX_KEYS + 499}`)).toBeGreaterThan(0);
  });

  it('sweeps expired keys first when full, keeping the live ones', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 }, () => now);
    for (let i = 0; i < RateLimiter.MAX_KEYS - 1; i += 1) limiter.hit(`old-${i}`);
    now += 30_000;
    limiter.hit('live');
    now += 31_000;
    limiter.hit('new');
    expect(limiter.size).toBe(2);
    expect(limiter.retryAfter('live')).toBeGreaterThan(0);
  });
});

describe('throwIfLimited', () => {
  it('passes when no wait is running', () => {
    expect(() => throwIfLimited(MSG.tooManyAttempts, 0, 0)).not.toThrow();
  });

  it('refuses with the longest wait as Retry-After and says how long it is', () => {
    let caught: unknown;
    try {
      throwIfLimited(MSG.tooManyAttempts, 30, 240);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({
      kind: 'too_many_requests',
      retryAfterSeconds: 240,
      message: 'Too many attempts. Try again in 4 minutes.',
    });
  });
});
