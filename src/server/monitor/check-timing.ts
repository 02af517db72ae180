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

/** At most this many neighbouring ids share one start time, so one wake-up of the event loop starts them all. */
export const PHASE_GROUP = 32;
/** However few the services, an interval keeps at least this many distinct start times. */
export const MIN_PHASE_SLOTS = 16;

/**
 * Where in its interval a service's checks start, in ms from a multiple of the interval since the epoch.
 * Runs of neighbouring ids (up to PHASE_GROUP of them, fewer on a small grid so that an interval keeps at least
 * MIN_PHASE_SLOTS start times) share a slot, and the slots are spread evenly over the grid. Sharing a start time
 * is what keeps a check cheap at low rates: an event-loop wake-up costs about as much as the check itself on a
 * small VM, and a bare keep-alive request costs 0.16 ms of CPU when 33 go out per wake-up against 0.36-0.45 ms
 * at 3 (`npm run bench:http-floor`). Start times are exact, not rounded: checks of one slot are due at the same
 * moment, and the monitor then starts them one per turn of the event loop (TurnQueue), so that they do not queue
 * behind one another and each recorded response time is the target's. Neighbours due together also write
 * neighbouring database pages. (Spreading every id over the interval, e.g. by its bits reversed, was measured
 * again for issue 14: 0.35-0.43 ms of CPU per check at 1,000 services against 0.21-0.28, see decision 0004.)
 * With a power-of-two grid the slots are kept across restarts until the highest id passes the next power of two.
 */
export function phaseMs(serviceId: number, intervalMs: number, capacity: number): number {
  const group = Math.max(1, Math.min(PHASE_GROUP, capacity / MIN_PHASE_SLOTS));
  const slotStart = Math.floor((serviceId % capacity) / group) * group;
  return Math.floor((slotStart / capacity) * intervalMs);
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
