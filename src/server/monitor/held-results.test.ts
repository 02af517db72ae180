import { describe, expect, it } from 'vitest';
import { HELD_LIMITS, HeldResults } from './held-results.ts';
import type { CheckResult } from './rollup.ts';

let second = 0;
function result(serviceId: number, status: boolean): CheckResult {
  second += 1;
  return {
    serviceId,
    status,
    timestamp: new Date(Date.UTC(2026, 10, 26, 12, 0, second)).toISOString(),
    responseTime: status ? 10 : null,
    reason: status ? null : 'timeout',
  };
}

/** Pushes like the result writer: a change is a status that differs from the service's previous one. */
function hold(held: HeldResults, serviceId: number, status: boolean, stored = true): CheckResult {
  const next = result(serviceId, status);
  held.push(next, (held.lastStatus(serviceId) ?? stored) !== status);
  return next;
}

const statuses = (held: HeldResults, serviceId: number) =>
  held
    .peek(Number.MAX_SAFE_INTEGER)
    .filter((entry) => entry.result.serviceId === serviceId)
    .map((entry) => entry.result.status);

describe('HeldResults', () => {
  it('keeps results in check order until they are released, across services', () => {
    const held = new HeldResults();
    const pushed = [hold(held, 1, true), hold(held, 2, true), hold(held, 1, false), hold(held, 3, true)];
    expect(held.peek(3).map((entry) => entry.result)).toEqual(pushed.slice(0, 3));
    // Peeking takes nothing: a write that fails leaves the queue as it was.
    expect(held.peek(10).map((entry) => entry.result)).toEqual(pushed);
    held.release(held.peek(2));
    expect(held.peek(10).map((entry) => entry.result)).toEqual(pushed.slice(2));
    expect(held.size).toBe(2);
    expect(held.lastStatus(1)).toBe(false);
    expect(held.lastStatus(2)).toBeUndefined();
  });

  it('over the per-service bound drops that service’s oldest plain result and keeps its status changes', () => {
    const held = new HeldResults({ perService: 4, total: 100 });
    hold(held, 1, true);
    hold(held, 1, false); // change
    hold(held, 1, false);
    hold(held, 1, false);
    hold(held, 2, true);
    hold(held, 1, true); // change: the first plain result (up, the first one) goes
    expect(statuses(held, 1)).toEqual([false, false, false, true]);
    hold(held, 1, true); // the next plain result goes: a down after the change
    expect(statuses(held, 1)).toEqual([false, false, true, true]);
    expect(
      held
        .peek(10)
        .filter((entry) => entry.change)
        .map((entry) => entry.result.status),
    ).toEqual([false, true]);
    expect(statuses(held, 2)).toEqual([true]);
    expect(held.dropped).toEqual({ results: 2, changes: 0 });
  });

  it('once a service holds only changes, drops its oldest flap (a change and the change back)', () => {
    const held = new HeldResults({ perService: 3, total: 100 });
    for (const status of [false, true, false]) hold(held, 7, status);
    hold(held, 7, true);
    // down/up went together: what is left still starts with a change from the stored up, and alternates.
    expect(statuses(held, 7)).toEqual([false, true]);
    expect(held.peek(10).every((entry) => entry.change)).toBe(true);
    expect(held.dropped).toEqual({ results: 0, changes: 2 });
  });

  it('over the total drops the oldest plain result of any service, then flaps of the service holding the most', () => {
    const held = new HeldResults({ perService: 100, total: 5 });
    hold(held, 1, false); // change
    hold(held, 2, true); // plain, the oldest
    hold(held, 3, false); // change
    hold(held, 2, true); // plain
    hold(held, 1, true); // change
    hold(held, 4, false); // change: over the total, service 2's first plain result goes
    expect(held.size).toBe(5);
    expect(statuses(held, 2)).toEqual([true]);
    hold(held, 3, true); // change: service 2's other plain result goes
    expect(statuses(held, 2)).toEqual([]);
    // Only changes left: service 1 or 3 (two each) loses its flap; service 4's single change stays.
    hold(held, 4, true);
    expect(held.size).toBe(4);
    expect(statuses(held, 4)).toEqual([false, true]);
    expect(held.dropped).toEqual({ results: 2, changes: 2 });
  });

  it('forgets a deleted service, and clears everything', () => {
    const held = new HeldResults();
    hold(held, 1, false);
    hold(held, 2, false);
    held.forget(1);
    expect(held.peek(10).map((entry) => entry.result.serviceId)).toEqual([2]);
    expect(held.clear()).toBe(1);
    expect(held.size).toBe(0);
    expect(held.peek(10)).toEqual([]);
  });

  it('stays within the bound and in order over a long outage of many services (compaction keeps up)', () => {
    const held = new HeldResults();
    const services = 300;
    for (let round = 0; round < 200; round += 1) {
      for (let id = 1; id <= services; id += 1) hold(held, id, !(id === 5 && round >= 10));
    }
    expect(held.size).toBeLessThanOrEqual(HELD_LIMITS.total);
    // Service 5 went down in round 10 and stayed down: its one change is still there.
    expect(held.peek(HELD_LIMITS.total).filter((entry) => entry.change)).toHaveLength(1);
    const times = held.peek(HELD_LIMITS.total).map((entry) => entry.result.timestamp);
    expect([...times].sort()).toEqual(times);
  });
});
