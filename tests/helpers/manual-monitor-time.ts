import type { MonitorOptions } from '../../src/server/monitor/monitor.ts';
import type { Clock } from '../../src/server/services/clock.ts';
import { ManualTimers } from './manual-timers.ts';
import { CheckOutcomes } from './monitor-fixture.ts';
import { until } from './until.ts';

/** A wall clock that moves with the manual timers, plus the jumps a test makes (NTP corrections, DST bugs). */
class LinkedClock implements Clock {
  #offset: number;

  constructor(private readonly timers: ManualTimers) {
    this.#offset = Date.now() - timers.now();
  }

  now(): Date {
    return new Date(this.timers.now() + this.#offset);
  }

  jump(ms: number): void {
    this.#offset += ms;
  }
}

/**
 * Runs a monitor on manual time: `advance` moves its timers (and the linked wall clock) in small steps and, after
 * each step, waits until every check in flight has answered or, for targets that hold requests, has reached its
 * target. So a check's deadline only ever fires on a request that is really at its target, however slow the
 * machine: one big step would fire an 800 ms deadline before the request had left.
 */
export class ManualMonitorTime {
  readonly timers = new ManualTimers();
  readonly clock = new LinkedClock(this.timers);
  readonly outcomes = new CheckOutcomes();
  /** Manual-time starts of each service's checks, and how late each was. */
  readonly #starts = new Map<number, { at: number; wallAt: number; lateMs: number }[]>();
  readonly #held = new Map<number, () => number>();
  readonly #applied = new Map<number, number>();

  /** The options that put a Monitor on this time and report to it. */
  options(): MonitorOptions {
    return {
      timers: this.timers,
      onCheckStart: (id, lateMs) =>
        this.#starts.set(id, [
          ...this.starts(id),
          { at: this.timers.now(), wallAt: this.clock.now().getTime(), lateMs },
        ]),
      onCheckEnd: this.outcomes.onCheckEnd,
      onChangeApplied: (id) => this.#applied.set(id, (this.#applied.get(id) ?? 0) + 1),
    };
  }

  starts(id: number): { at: number; wallAt: number; lateMs: number }[] {
    return this.#starts.get(id) ?? [];
  }

  /** Checks of the service started and not ended. */
  inFlight(id: number): number {
    return this.starts(id).length - this.outcomes.of(id).length;
  }

  /**
   * The service's target holds requests until the check's deadline: steps settle once `atTarget()` (its
   * requests in flight at the target) equals the checks in flight, so a request left open after its check ended
   * shows as a step that never settles.
   */
  holds(id: number, atTarget: () => number): void {
    this.#held.set(id, atTarget);
  }

  /** Runs an API call that changes a service and waits until the monitor has applied that change. */
  async change<T>(id: number, call: () => Promise<T>): Promise<T> {
    const before = this.#applied.get(id) ?? 0;
    const result = await call();
    await until(() => (this.#applied.get(id) ?? 0) > before, `the monitor to apply the change of service ${id}`);
    return result;
  }

  /** Waits for the monitor to apply a change announced by an API call already made (a new service). */
  async applied(id: number): Promise<void> {
    await until(() => (this.#applied.get(id) ?? 0) > 0, `the monitor to apply service ${id}`);
  }

  /** Moves manual time forward by `ms` in steps of `stepMs`, settling the checks after each step. */
  async advance(ms: number, stepMs = 50): Promise<void> {
    for (let left = ms; left > 0; left -= stepMs) {
      this.timers.advance(Math.min(stepMs, left));
      await this.settle();
    }
  }

  /** Advances step by step until `condition` holds; fails after `maxMs` of manual time. */
  async advanceUntil(condition: () => boolean, what: string, maxMs = 10_000, stepMs = 50): Promise<void> {
    await this.settle();
    for (let spent = 0; !condition(); spent += stepMs) {
      if (spent >= maxMs) throw new Error(`${what} did not happen within ${maxMs} ms of manual time`);
      await this.advance(stepMs, stepMs);
    }
  }

  /** Waits until every started check has ended, or sits at a target that holds it. */
  async settle(): Promise<void> {
    await until(() => {
      for (const id of this.#starts.keys()) {
        const held = this.#held.get(id);
        if (held ? held() !== this.inFlight(id) : this.inFlight(id) !== 0) return false;
      }
      return true;
    }, 'the checks in flight to answer or reach their targets');
  }
}
