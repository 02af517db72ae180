import { describe, expect, it } from 'vitest';
import { AccountLockout } from './account-lockout.ts';

const RULE = { limit: 3, windowMs: 15 * 60_000 };
const DURATIONS = { firstLockMs: 60_000, maxLockMs: 15 * 60_000 };

describe('AccountLockout', () => {
  it('locks at the limit, then for twice as long with each further failure, up to the longest lock', () => {
    let now = 1_000_000;
    const lockout = new AccountLockout(RULE, DURATIONS, () => now);
    lockout.fail('a');
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(0);
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(60);
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      now += lockout.retryAfter('a') * 1000;
      expect(lockout.retryAfter('a')).toBe(0);
      lockout.fail('a');
      waits.push(lockout.retryAfter('a'));
    }
    expect(waits).toEqual([120, 240, 480, 900, 900, 900]);
    expect(lockout.retryAfter('b')).toBe(0);
  });

  it('never shortens a running lock', () => {
    let now = 0;
    const lockout = new AccountLockout(RULE, { firstLockMs: 600_000, maxLockMs: 600_000 }, () => now);
    for (let i = 0; i < 3; i += 1) lockout.fail('a');
    now += 300_000;
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(600);
  });

  it('forgets a streak only after a quiet window once no lock runs', () => {
    let now = 0;
    const lockout = new AccountLockout(RULE, DURATIONS, () => now);
    for (let i = 0; i < 3; i += 1) lockout.fail('a');
    // The lock ends after a minute; a failure within the window after it still doubles.
    now += 60_000 + RULE.windowMs - 1;
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(120);
    // A quiet window after that lock: the next failure starts a new streak.
    now += 120_000 + RULE.windowMs;
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(0);
  });

  it('forgets the failures after a success, but not a running lock', () => {
    let now = 0;
    const lockout = new AccountLockout(RULE, DURATIONS, () => now);
    lockout.fail('a');
    lockout.fail('a');
    lockout.succeed('a');
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(0);
    lockout.fail('a');
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(60);
    lockout.succeed('a');
    expect(lockout.retryAfter('a')).toBe(60);
    now += 60_000;
    lockout.succeed('a');
    lockout.fail('a');
    expect(lockout.retryAfter('a')).toBe(0);
  });

  it('stays bounded under a flood of names, keeping locked accounts', () => {
    const lockout = new AccountLockout(RULE, DURATIONS, () => 0);
    for (let i = 0; i < 3; i += 1) lockout.fail('victim');
    let largest = 0;
    for (let i = 0; i < AccountLockout.MAX_KEYS + 500; i += 1) {
      lockout.fail(`name-${i}`);
      largest = Math.max(largest, lockout.size);
    }
    expect(largest).toBe(AccountLockout.MAX_KEYS);
    expect(lockout.retryAfter('victim')).toBe(60);
  });
});
