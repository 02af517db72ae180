/** A check never waits longer than this, whatever the interval (DESIGN: the smaller of 10 s and 80% of it). */
export const MAX_CHECK_TIMEOUT_MS = 10_000;

/** The timeout of one check: min(10 s, 80% of the interval), so a check always ends before the next is due. */
export function checkTimeoutMs(intervalMs: number): number {
  return Math.max(1, Math.min(MAX_CHECK_TIMEOUT_MS, Math.floor(intervalMs * 0.8)));
}

/** The phase grid of a set of services: the smallest power of two at or above the highest id (at least 16). */
export function phaseCapacity(maxServiceId: number): number {
  let capacity = 16;
  while (capacity < maxServiceId) capacity *= 2;
  return capacity;
}

/**
 * Where in its interval a service's checks start, in ms from a multiple of the interval since the epoch.
 * Consecutive ids get consecutive slots of an even grid: the checks due together are of neighbouring services,
 * whose rows share database pages, so a batch writes a few pages instead of one per result (this halved the
 * write cost in the benchmark). With a power-of-two grid the slots are kept across restarts until the highest
 * id passes the next power of two, and at least half of the interval carries checks.
 */
export function phaseMs(serviceId: number, intervalMs: number, capacity: number): number {
  return Math.floor(((serviceId % capacity) / capacity) * intervalMs);
}

/**
 * Milliseconds from `wallNowMs` to the service's next start. The phase is anchored to wall-clock multiples of
 * the interval, so a restarted process resumes the same schedule; the wall clock is read only here, once, and
 * the delay is then counted on the monotonic clock.
 */
export function delayToPhaseMs(serviceId: number, intervalMs: number, capacity: number, wallNowMs: number): number {
  const offset = (phaseMs(serviceId, intervalMs, capacity) - (wallNowMs % intervalMs)) % intervalMs;
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
