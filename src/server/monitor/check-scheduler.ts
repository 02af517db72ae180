import { nextDueAt } from './check-timing.ts';
import { MinHeap, type HeapItem } from './min-heap.ts';
import { realTimers, type MonotonicTimers, type TimerHandle } from './monotonic-timers.ts';

/** One scheduled service. `dueAt` is on the monotonic clock (`MonotonicTimers.now`). */
export interface ScheduledCheck extends HeapItem {
  id: number;
  intervalMs: number;
  /** True while a check of this service is in flight: the next slot is skipped rather than overlapped. */
  running: boolean;
}

/** Called when a service is due; `lateMs` is how long after its due time the check starts. */
export type DueHandler<T extends ScheduledCheck> = (entry: T, lateMs: number) => void;

/**
 * One timer over a min-heap of due times for all services (not a timer per service). Each check is started and
 * the service rescheduled in the same tick, so no check, however slow, delays another's start. Times are
 * monotonic: wall-clock jumps neither burst nor stall checks.
 */
export class CheckScheduler<T extends ScheduledCheck> {
  readonly #heap = new MinHeap<T>();
  #timer: TimerHandle | null = null;
  #timerAt = Infinity;
  #lastTickAt = -Infinity;
  #running = false;

  /**
   * @param quantumMs at most one wake-up per this many ms, starting everything due by then: each wake-up of the
   *   event loop costs real CPU (about 0.1 ms on a small VM, more while the code is still cold), so 600 checks a
   *   second must not mean 600 wake-ups. A wake-up comes exactly at the earliest due time when the previous one
   *   was at least a quantum before (services of one phase slot share a due time, see phaseMs), otherwise a
   *   quantum after the previous one: start jitter stays below the quantum.
   */
  constructor(
    private readonly onDue: DueHandler<T>,
    private readonly quantumMs = 100,
    private readonly timers: MonotonicTimers = realTimers,
  ) {}

  get size(): number {
    return this.#heap.size;
  }

  /** Starts firing due checks. */
  start(): void {
    this.#running = true;
    this.#arm();
  }

  /** Stops firing; entries stay so a later start resumes them. */
  stop(): void {
    this.#running = false;
    if (this.#timer) this.timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = Infinity;
  }

  /** Adds or moves an entry to a new due time. */
  schedule(entry: T, dueAt: number): void {
    this.#heap.update(entry, dueAt);
    this.#arm();
  }

  /** Removes an entry (a deleted service). */
  remove(entry: T): void {
    this.#heap.remove(entry);
  }

  #arm(): void {
    if (!this.#running) return;
    const next = this.#heap.peek();
    if (!next) return;
    const fireAt = Math.max(next.dueAt, this.#lastTickAt + this.quantumMs);
    // Keep an armed timer that fires no later than needed.
    if (this.#timer && this.#timerAt <= fireAt) return;
    if (this.#timer) this.timers.clearTimeout(this.#timer);
    this.#timerAt = fireAt;
    this.#timer = this.timers.setTimeout(() => this.#tick(), Math.max(0, fireAt - this.timers.now()));
  }

  #tick(): void {
    this.#timer = null;
    this.#timerAt = Infinity;
    if (!this.#running) return;
    const now = this.timers.now();
    // Timers fire with millisecond granularity; take what is due within the next millisecond in this tick.
    for (let entry = this.#heap.peek(); entry && entry.dueAt <= now + 1; entry = this.#heap.peek()) {
      const dueAt = entry.dueAt;
      // Only a wake-up that found work counts towards the quantum: a timer that fired a little early re-arms for
      // the due time itself rather than a quantum later.
      this.#lastTickAt = now;
      this.#heap.update(entry, nextDueAt(dueAt, entry.intervalMs, now));
      if (entry.running) continue;
      this.onDue(entry, Math.max(0, now - dueAt));
    }
    this.#arm();
  }
}
