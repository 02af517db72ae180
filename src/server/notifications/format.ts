const UNITS: [name: string, ms: number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * A duration as people say it, with the two largest units: '5 minutes', '2 hours 5 minutes', '3 days 1 hour',
 * '12 seconds'. Negative spans (a clock that jumped back) count as zero.
 */
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.floor(ms));
  if (rest < 1_000) return plural(0, 'second');
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    if (parts.length === 2) break;
    const count = Math.floor(rest / size);
    // Once a larger unit was used, the next smaller one is shown only when non-zero ('2 hours', not '2 hours 0 minutes').
    if (count > 0) parts.push(plural(count, unit));
    else if (parts.length > 0) break;
    rest -= count * size;
  }
  return parts.join(' ');
}

/** How long the previous state lasted, or 'unknown' when the change has no previous state (first check). */
export function previousStateDuration(changedAt: string, previousChangedAt: string | null): string {
  if (previousChangedAt === null) return 'unknown';
  const span = Date.parse(changedAt) - Date.parse(previousChangedAt);
  return Number.isFinite(span) ? formatDuration(span) : 'unknown';
}

/** A timestamp for e-mails: '2025-03-01 14:05:09 UTC' (recipients may be anywhere; UTC says so plainly). */
export function formatTimestamp(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
