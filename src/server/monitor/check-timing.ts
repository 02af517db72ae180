/** A check never waits longer than this, whatever the interval (DESIGN: the smaller of 10 s and 80% of it). */
export const MAX_CHECK_TIMEOUT_MS = 10_000;

/** The timeout of one check: min(10 s, 80% of the interval), so a check always ends before the next is due. */
export function checkTimeoutMs(intervalMs: number): number {
  return Math.max(1, Math.min(MAX_CHECK_TIMEOUT_MS, Math.floor(intervalMs * 0.8)));
}

/** Reverses the 32 bits of an unsigned integer: 1 → 2^31, 2 → 2^30, 3 → 3·2^30 ... */
function reverseBits32(value: number): number {
  let v = value >>> 0;
  v = ((v >>> 1) & 0x55555555) | ((v & 0x55555555) << 1);
  v = ((v >>> 2) & 0x33333333) | ((v & 0x33333333) << 2);
  v = ((v >>> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
  v = ((v >>> 8) & 0x00ff00ff) | ((v & 0x00ff00ff) << 8);
  return ((v >>> 16) | (v << 16)) >>> 0;
}

/**
 * Where in its interval a service's checks start, in ms from a multiple of the interval since the epoch: the
 * service id's bits reversed, as a fraction of the interval (the van der Corput sequence). Ids 1..n, whatever n,
 * land at most 2/n of the interval apart and never two at the same instant, so checks start one by one and the
 * recorded response time measures the target, not a queue of our own checks that started together (issue 14:
 * groups of 32 sharing a start time put 2-13 ms of our own queue into the median and p95). A new id falls into
 * the largest gap left, and the phase depends on nothing but the id and the interval, so restarts, creations
 * and deletions never move another service. The scheduler's quantum still starts whatever is due within it in
 * one wake-up, which is what keeps the CPU per check low at high rates.
 */
export function phaseMs(serviceId: number, intervalMs: number): number {
  return Math.floor((reverseBits32(serviceId) / 2 ** 32) * intervalMs);
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
