import type { MonotonicTimers, TimerHandle } from '../../src/server/monitor/monotonic-timers.ts';

interface Pending {
  at: number;
  order: number;
  callback: () => void;
}

/**
 * Monotonic time that moves only when a test advances it: `advance` fires every timer due on the way, in due
 * order, each at its own time, so a monitor's schedule, deadlines and durations follow the test, not the machine.
 */
export class ManualTimers implements MonotonicTimers {
  #now = 1_000_000;
  #order = 0;
  readonly #pending = new Set<Pending>();

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer: Pending = { at: this.#now + Math.max(0, ms), order: this.#order++, callback };
    this.#pending.add(timer);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#pending.delete(handle as Pending);
  }

  /** Moves time forward by `ms`, firing the timers that come due, including ones set by those callbacks. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (let next = this.#earliest(end); next; next = this.#earliest(end)) {
      this.#pending.delete(next);
      this.#now = next.at;
      next.callback();
    }
    this.#now = end;
  }

  #earliest(until: number): Pending | null {
    let earliest: Pending | null = null;
    for (const timer of this.#pending) {
      if (timer.at > until) continue;
      if (!earliest || timer.at < earliest.at || (timer.at === earliest.at && timer.order < earliest.order)) {
        earliest = timer;
      }
    }
    return earliest;
  }
}
