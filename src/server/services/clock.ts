/** Time source passed to services so tests can move time without touching timers. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 UTC text, the storage format of every timestamp column. */
export function iso(date: Date): string {
  return date.toISOString();
}
