import { describe, expect, it } from 'vitest';
import { checkTimeoutMs, delayToPhaseMs, nextDueAt, phaseMs } from './check-timing.ts';

describe('checkTimeoutMs', () => {
  it('is 80% of the interval, at most 10 s', () => {
    expect(checkTimeoutMs(5_000)).toBe(4_000);
    expect(checkTimeoutMs(10_000)).toBe(8_000);
    expect(checkTimeoutMs(12_500)).toBe(10_000);
    expect(checkTimeoutMs(30_000)).toBe(10_000);
    expect(checkTimeoutMs(86_400_000)).toBe(10_000);
    expect(checkTimeoutMs(1_000)).toBe(800);
    expect(checkTimeoutMs(0)).toBe(1);
  });
});

describe('phase', () => {
  it('spreads consecutive ids across the interval', () => {
    const interval = 30_000;
    const phases = Array.from({ length: 100 }, (_, i) => phaseMs(i + 1, interval)).sort((a, b) => a - b);
    expect(phases[0]).toBeGreaterThanOrEqual(0);
    expect(phases.at(-1)).toBeLessThan(interval);
    // 100 ids leave no gap wider than a few tenths of the interval (uniform would be interval/100).
    const gaps = phases.slice(1).map((p, i) => p - (phases[i] as number));
    expect(Math.max(...gaps)).toBeLessThan(interval / 30);
  });

  it('gives the same wall-clock slot after a restart', () => {
    const interval = 30_000;
    for (const wall of [0, 1_700_000_000_123, 1_700_000_017_456]) {
      const delay = delayToPhaseMs(7, interval, wall);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(interval);
      expect((wall + delay) % interval).toBe(phaseMs(7, interval));
    }
  });
});

describe('nextDueAt', () => {
  it('keeps the phase when on time or slightly late', () => {
    expect(nextDueAt(1_000, 5_000, 1_000)).toBe(6_000);
    expect(nextDueAt(1_000, 5_000, 5_999)).toBe(6_000);
  });

  it('skips missed slots after a stall instead of bursting', () => {
    expect(nextDueAt(1_000, 5_000, 6_000)).toBe(11_000);
    expect(nextDueAt(1_000, 5_000, 23_500)).toBe(26_000);
    const next = nextDueAt(0, 5_000, 1e9 + 1);
    expect(next).toBeGreaterThan(1e9 + 1);
    expect(next % 5_000).toBe(0);
  });
});
