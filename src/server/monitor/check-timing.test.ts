import { describe, expect, it } from 'vitest';
import {
  checkTimeoutMs,
  delayToPhaseMs,
  MIN_PHASE_SLOTS,
  nextDueAt,
  PHASE_GROUP,
  phaseCapacity,
  phaseMs,
} from './check-timing.ts';

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
  });

  it('lets runs of up to 32 neighbouring ids share a start time, with at least 16 start times per interval', () => {
    const interval = 30_000;
    for (const services of [10, 40, 300, 1_000, 5_000, 20_000]) {
      const capacity = phaseCapacity(services);
      const phases = Array.from({ length: services }, (_, i) => phaseMs(i + 1, interval, capacity));
      const slots = [...new Set(phases)].sort((a, b) => a - b);
      // Every start time carries at most PHASE_GROUP checks, and the grid has at least MIN_PHASE_SLOTS of them.
      const perSlot = new Map<number, number>();
      for (const phase of phases) perSlot.set(phase, (perSlot.get(phase) ?? 0) + 1);
      expect(Math.max(...perSlot.values())).toBeLessThanOrEqual(PHASE_GROUP);
      const group = Math.max(1, Math.min(PHASE_GROUP, capacity / MIN_PHASE_SLOTS));
      expect(capacity / group).toBeGreaterThanOrEqual(MIN_PHASE_SLOTS);
      // Slots are evenly spaced (to the ms) and neighbours share one: ids 1..n fill slots in order.
      const gap = (group / capacity) * interval;
      for (const [i, slot] of slots.entries())
        expect(Math.abs(slot - Math.floor(slots[0]! + i * gap))).toBeLessThanOrEqual(1);
      expect(phases).toEqual([...phases].sort((a, b) => a - b));
    }
    // 1,000 services at 30 s: 32 start times about 0.94 s apart, 31 or 32 checks each.
    const thousand = new Set(Array.from({ length: 1_000 }, (_, i) => phaseMs(i + 1, interval, phaseCapacity(1_000))));
    expect(thousand.size).toBe(32);
    // A handful of services still get one start time each.
    const few = new Set(Array.from({ length: 10 }, (_, i) => phaseMs(i + 1, interval, phaseCapacity(10))));
    expect(few.size).toBe(10);
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
