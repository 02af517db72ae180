/** How many of the newest days and ISO weeks keep a backup each (issue 15: 7 daily, 4 weekly). */
export const RETENTION = { daily: 7, weekly: 4 } as const;

/** "2026-11-26": the UTC day of a time. */
function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "2026-W48": the ISO 8601 week (Monday to Sunday, week 1 holds the year's first Thursday) of a UTC time. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the week's year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which backups to delete: walking from the newest, the newest backup of each of the 7 most recent days that
 * have one is kept, and the newest of each of the 4 most recent ISO weeks that have one; every other backup
 * goes. Days and weeks are UTC, so the rule does not move with the server's time zone. Counting days that have
 * a backup (not calendar days) means a server that was off for a while still keeps 7 and 4.
 */
export function backupsToDelete<T extends { createdAt: Date }>(
  backups: readonly T[],
  retention: { daily: number; weekly: number } = RETENTION,
): T[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const days = new Set<string>();
  const weeks = new Set<string>();
  const keep = new Set<T>();
  for (const backup of newestFirst) {
    const day = utcDay(backup.createdAt);
    if (!days.has(day) && days.size < retention.daily) {
      days.add(day);
      keep.add(backup);
    }
    const week = isoWeek(backup.createdAt);
    if (!weeks.has(week) && weeks.size < retention.weekly) {
      weeks.add(week);
      keep.add(backup);
    }
  }
  return newestFirst.filter((backup) => !keep.has(backup));
}
