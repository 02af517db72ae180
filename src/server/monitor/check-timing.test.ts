import { describe, expect, it } from 'vitest';
import { checkTimeoutMs, delayToPhaseMs, nextDueAt, phaseCapacity, phaseMs } from './check-timing.ts';

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
  it('uses a power-of-two grid at or above the highest id', () => {
    expect(phaseCapacity(0)).toBe(16);
    expect(phaseCapacity(16)).toBe(16);
    expect(phaseCapacity(17)).toBe(32);
    expect(phaseCapacity(5_000)).toBe(8_192);
  });

  it('spreads services across the interval, neighbours in neighbouring slots', () => {
    const interval = 30_000;
    const capacity = phaseCapacity(10);
    const phases = Array.from({ length: 10 }, (_, i) => phaseMs(i + 1, interval, capacity));
    expect(phases[0]).toBeGreaterThanOrEqual(0);
    expect(Math.max(...phases)).toBeLessThan(interval);
    for (const gap of phases.slice(1).map((p, i) => p - (phases[i] as number))) expect(gap).toBe(interval / 16);
    // 5,000 services: evenly 3.66 ms apart over 61% of the interval, never two in one slot.
    const many = new Set(Array.from({ length: 5_000 }, (_, i) => phaseMs(i + 1, interval, phaseCapacity(5_000))));
    expect(many.size).toBe(5_000);
  });

  it('gives the same wall-clock slot after a restart', () => {
    const interval = 30_000;
    for (const wall of [0, 1_700_000_000_123, 1_700_000_017_456]) {
      const delay = delayToPhaseMs(7, interval, 64, wall);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(interval);
      expect((wall + delay) % interval).toBe(phaseMs(7, interval, 64));
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
