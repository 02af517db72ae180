/**
 * Wall-clock time in an IANA zone, through Intl alone (no time-zone package). Maintenance windows are kept in the
 * admin's local time with the zone's name, so "Sundays 02:00" stays 02:00 local on both sides of a DST change.
 */

/** A wall-clock date and time, month 1..12, with no zone attached. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `zone` at the instant `epochMs` (seconds dropped). */
export function wallTimeAt(epochMs: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

function asUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
}

/** The zone's offset from UTC in ms at the instant `epochMs`. */
function offsetAt(epochMs: number, zone: string): number {
  const wholeMinute = Math.floor(epochMs / 60_000) * 60_000;
  return asUtc(wallTimeAt(wholeMinute, zone)) - wholeMinute;
}

/**
 * The instant a wall-clock time happens in `zone`. A time that occurs twice (the hour repeated when clocks go
 * back) is the first of the two; a time that never occurs (the hour skipped when clocks go forward) is read with
 * the offset before the change, so it lands that much later (02:30 on a spring-forward night starts at 03:30).
 */
export function instantOf(wall: WallTime, zone: string): number {
  const naive = asUtc(wall);
  // The offset a day either side brackets the change; try the earlier one first so repeated times pick the first.
  const before = offsetAt(naive - 86_400_000, zone);
  const after = offsetAt(naive + 86_400_000, zone);
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = naive - offset;
    if (asUtc(wallTimeAt(candidate, zone)) === naive) return candidate;
  }
  return naive - before;
}

/** Parses `YYYY-MM-DDTHH:MM` (validated by the shared schema). */
export function parseLocalDateTime(text: string): WallTime {
  const [date = '', time = ''] = text.split('T');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { year, month, day, hour, minute };
}

/** The day of the week (0 Sunday .. 6 Saturday) of a wall-clock date. */
export function weekdayOf(wall: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
}

/** The wall-clock date `days` days after `wall`'s date (time of day kept). */
export function addDays(wall: WallTime, days: number): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
