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
  const interval = 20_000;
  const phasesOf = (ids: number[], intervalMs = interval) => ids.map((id) => phaseMs(id, intervalMs));
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  /** The largest and smallest distance between neighbouring start times, around the interval's end. */
  function gaps(phases: number[], intervalMs = interval): { largest: number; smallest: number } {
    const sorted = [...phases].sort((a, b) => a - b);
    const all = sorted
      .map((phase, i) => (i === 0 ? sorted.at(-1)! - intervalMs : sorted[i - 1]!))
      .map((prev, i) => sorted[i]! - prev);
    return { largest: Math.max(...all), smallest: Math.min(...all) };
  }

  it('gives every service of a run of ids its own start time, spread over the whole interval', () => {
    for (const services of [2, 10, 32, 300, 1_000, 5_000]) {
      const phases = phasesOf(range(1, services));
      expect(new Set(phases).size).toBe(services);
      expect(Math.min(...phases)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...phases)).toBeLessThan(interval);
      // Evenly: no two closer than half an even share, no gap wider than three (ids start at 1, not 0).
      const { largest, smallest } = gaps(phases);
      expect(largest).toBeLessThanOrEqual(Math.ceil((3 * interval) / services) + 1);
      expect(smallest).toBeGreaterThanOrEqual(Math.floor(interval / services / 2) - 1);
    }
  });

  it('never starts more than a handful of 1,000 services within one 100 ms wake-up of the scheduler', () => {
    // The old grid started 31-32 at the same instant; even 5 services per 100 ms is the rate itself (50/s).
    const perWindow = new Map<number, number>();
    for (const phase of phasesOf(range(1, 1_000))) {
      const window = Math.floor(phase / 100);
      perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
    }
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(10);
  });

  it('keeps every existing phase when services are added or deleted, and puts a new id into a wide gap', () => {
    const before = phasesOf(range(1, 1_000));
    const after = phasesOf(range(1, 1_200));
    expect(after.slice(0, 1_000)).toEqual(before);
    // Ids 1,001-1,200 split the widest gaps the first thousand left: the spread stays within three shares.
    expect(gaps(after).largest).toBeLessThanOrEqual(Math.ceil((3 * interval) / 1_200) + 1);
    // Deleting services leaves the others where they were (the phase depends on the id and interval only).
    const kept = range(1, 1_000).filter((id) => id % 3 !== 0);
    expect(phasesOf(kept)).toEqual(before.filter((_, i) => (i + 1) % 3 !== 0));
  });

  it('spreads each interval on its own scale, and works for any id', () => {
    expect(phasesOf([1, 2, 3], 1_000)).toEqual([500, 250, 750]);
    expect(phasesOf([1, 2, 3], 30_000)).toEqual([15_000, 7_500, 22_500]);
    for (const id of [0, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER]) {
      expect(phaseMs(id, interval)).toBeGreaterThanOrEqual(0);
      expect(phaseMs(id, interval)).toBeLessThan(interval);
    }
  });

  it('gives the same wall-clock slot after a restart', () => {
    for (const wall of [0, 1_700_000_000_123, 1_700_000_017_456]) {
      const delay = delayToPhaseMs(7, 30_000, wall);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(30_000);
      expect((wall + delay) % 30_000).toBe(phaseMs(7, 30_000));
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
