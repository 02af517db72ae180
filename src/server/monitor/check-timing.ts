/** A check never waits longer than this, whatever the interval (DESIGN: the smaller of 10 s and 80% of it). */
export const MAX_CHECK_TIMEOUT_MS = 10_000;

/** The timeout of one check: min(10 s, 80% of the interval), so a check always ends before the next is due. */
export function checkTimeoutMs(intervalMs: number): number {
  return Math.max(1, Math.min(MAX_CHECK_TIMEOUT_MS, Math.floor(intervalMs * 0.8)));
}

// The golden ratio's fractional part spreads consecutive ids evenly over the interval (a low-discrepancy
// sequence), so services created together do not all fire in the same millisecond.
const GOLDEN_FRACTION = 0.6180339887498949;

/** Where in its interval a service's checks start, in ms from a multiple of the interval since the epoch. */
export function phaseMs(serviceId: number, intervalMs: number): number {
  return Math.floor(((serviceId * GOLDEN_FRACTION) % 1) * intervalMs);
}

/**
 * Milliseconds from `wallNowMs` to the service's next start. The phase is anchored to wall-clock multiples of
 * the interval, so a restarted process resumes the same schedule; the wall clock is read only here, once, and
 * the delay is then counted on the monotonic clock.
 */
export function delayToPhaseMs(serviceId: number, intervalMs: number, wallNowMs: number): number {
  const offset = (phaseMs(serviceId, intervalMs) - (wallNowMs % intervalMs)) % intervalMs;
  return offset < 0 ? offset + intervalMs : offset;
}

/**
 * The next due time (monotonic ms) after a check due at `dueAt` started at `now`. Keeps the phase (no drift);
 * slots missed while the process was stalled are skipped rather than run in a burst.
 */
export function nextDueAt(dueAt: number, intervalMs: number, now: number): number {
  const next = dueAt + intervalMs;
  if (next > now) return next;
  return dueAt + (Math.floor((now - dueAt) / intervalMs) + 1) * intervalMs;
}
