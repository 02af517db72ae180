/**
 * The monitor's monotonic time and timers in one object, so tests drive schedules, deadlines and durations by
 * advancing a manual clock instead of sleeping. Wall-clock time (stored timestamps, phases) is the `Clock`.
 */
export interface MonotonicTimers {
  /** Milliseconds on a clock that never jumps (performance.now()). */
  now(): number;
  /** Calls `callback` after `ms`; the timer never keeps the process alive on its own. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** What setTimeout returned; only the same object's clearTimeout understands it. */
export type TimerHandle = object;

/** performance.now() and Node's timers, unref'd: the HTTP server keeps the process alive, the monitor must not. */
export const realTimers: MonotonicTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
