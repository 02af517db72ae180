import type { MaintenanceSchedule } from '#shared/schemas/maintenance';
import { addDays, instantOf, parseLocalDateTime, wallTimeAt, weekdayOf } from './zoned-time.ts';

/** One occurrence of a window: [start, end) in epoch ms. */
export interface Occurrence {
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;
/** Weekly occurrences are looked for this many local days either side of now (a window lasts at most 7 days). */
const SEARCH_DAYS = 8;

/**
 * The occurrences of a schedule near `now`, oldest first. A weekly window starts at its local start time on each
 * chosen day (DST correct: the instant moves with the zone's offset) and lasts `durationMinutes` of real time.
 */
export function occurrencesNear(schedule: MaintenanceSchedule, zone: string, now: number): Occurrence[] {
  if (schedule.kind === 'once') {
    return [
      {
        start: instantOf(parseLocalDateTime(schedule.start), zone),
        end: instantOf(parseLocalDateTime(schedule.end), zone),
      },
    ];
  }
  const [hour = 0, minute = 0] = schedule.startTime.split(':').map(Number);
  const today = { ...wallTimeAt(now, zone), hour, minute };
  const days = new Set(schedule.days);
  const found: Occurrence[] = [];
  for (let offset = -SEARCH_DAYS; offset <= SEARCH_DAYS; offset += 1) {
    const wall = addDays(today, offset);
    if (!days.has(weekdayOf(wall))) continue;
    const start = instantOf(wall, zone);
    found.push({ start, end: start + schedule.durationMinutes * MINUTE_MS });
  }
  return found;
}

/** Whether the window holds alerts at `now`. */
export function isActiveAt(schedule: MaintenanceSchedule, zone: string, now: number): boolean {
  return occurrencesNear(schedule, zone, now).some((o) => o.start <= now && now < o.end);
}

/** When the window next begins after `now` (epoch ms), or null when it never will (a past one-off window). */
export function nextStartAfter(schedule: MaintenanceSchedule, zone: string, now: number): number | null {
  const starts = occurrencesNear(schedule, zone, now)
    .map((o) => o.start)
    .filter((start) => start > now);
  return starts.length > 0 ? Math.min(...starts) : null;
}
