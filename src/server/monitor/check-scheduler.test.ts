import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckScheduler, type ScheduledCheck } from './check-scheduler.ts';

interface Entry extends ScheduledCheck {
  heapIndex: number;
  dueAt: number;
}

function entry(id: number, intervalMs: number): Entry {
  return { id, intervalMs, running: false, heapIndex: -1, dueAt: 0 };
}

/** A scheduler on fake timers that records each start (the entry, when, and how late) and each wake-up. */
function recordingScheduler(quantumMs = 100) {
  const starts: Array<{ id: number; at: number; lateMs: number }> = [];
  const wakeUps = new Set<number>();
  const scheduler = new CheckScheduler<Entry>(
    (due, lateMs) => {
      starts.push({ id: due.id, at: Date.now(), lateMs });
      wakeUps.add(Date.now());
    },
    quantumMs,
    {
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  );
  return { scheduler, starts, wakeUps };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CheckScheduler', () => {
  it('starts checks that share a due time in one wake-up, exactly on time', () => {
    const { scheduler, starts, wakeUps } = recordingScheduler();
    const at = Date.now() + 937;
    for (let id = 1; id <= 32; id += 1) scheduler.schedule(entry(id, 30_000), at);
    scheduler.start();
    vi.advanceTimersByTime(1_000);
    expect(starts).toHaveLength(32);
    expect(wakeUps.size).toBe(1);
    expect(starts.every((start) => start.at === at && start.lateMs === 0)).toBe(true);
  });

  it('wakes at each due time when they are at least a quantum apart', () => {
    const { scheduler, starts } = recordingScheduler();
    const base = Date.now();
    for (let id = 1; id <= 5; id += 1) scheduler.schedule(entry(id, 30_000), base + id * 250);
    scheduler.start();
    vi.advanceTimersByTime(2_000);
    expect(starts.map((start) => start.lateMs)).toEqual([0, 0, 0, 0, 0]);
  });

  it('wakes at most once a quantum when due times are dense, and starts nothing later than a quantum', () => {
    const { scheduler, starts, wakeUps } = recordingScheduler();
    const base = Date.now();
    // 200 services 5 ms apart: one second of dense due times.
    for (let id = 1; id <= 200; id += 1) scheduler.schedule(entry(id, 30_000), base + id * 5);
    scheduler.start();
    vi.advanceTimersByTime(1_200);
    expect(starts).toHaveLength(200);
    const times = [...wakeUps].sort((a, b) => a - b);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(100);
    expect(times.length).toBeLessThanOrEqual(11);
    expect(Math.max(...starts.map((start) => start.lateMs))).toBeLessThan(100);
  });

  it('keeps each service on its interval and skips a slot while its check is still running', () => {
    const { scheduler, starts } = recordingScheduler();
    const busy = entry(1, 1_000);
    scheduler.schedule(busy, Date.now() + 1_000);
    scheduler.start();
    vi.advanceTimersByTime(1_000);
    busy.running = true;
    vi.advanceTimersByTime(1_000);
    busy.running = false;
    vi.advanceTimersByTime(1_000);
    expect(starts.map((start) => start.at - 1_000_000)).toEqual([1_000, 3_000]);
  });
});
