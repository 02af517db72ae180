import { averageResponseTime, uptimePercent } from '../monitor/rollup.ts';
import type { BucketCounts } from '../repositories/uptime.repository.ts';

/** The periods uptime is given for (cards, status pages, badges). */
export type UptimePeriod = '24h' | '7d' | '30d' | '90d' | '365d';

/** Uptime (percent, two decimals) and average response time (ms) over one period; null without checks. */
export interface PeriodFigures {
  uptime: number | null;
  averageResponseTime: number | null;
}

/**
 * Where the counts come from: the services' rollups (`UptimeRepository`), or the time a game server was known up
 * and known at all, bucketed from its state changes (`stateBuckets`). Everything below is the same for both.
 */
export interface BucketSource {
  /** The buckets of `ids` starting at or after `since` (epoch ms), hourly or daily. */
  buckets(level: 'hourly' | 'daily', ids: readonly number[], since: number): Promise<BucketCounts[]>;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long a bucket of each level is; buckets begin at whole UTC hours and days. */
export const BUCKET_MS = { hourly: HOUR_MS, daily: DAY_MS } as const;
/** Hours of each period; up to 30 days they are read from the hourly rollups, longer ones from the daily ones. */
const PERIOD_HOURS: Record<UptimePeriod, number> = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160, '365d': 8760 };
const HOURLY_LIMIT = 720;

/** The first bucket of a period: whole hours (or whole UTC days), the current one included, as the history does. */
function periodStart(period: UptimePeriod, now: number): number {
  const from = now - PERIOD_HOURS[period] * HOUR_MS;
  return PERIOD_HOURS[period] <= HOURLY_LIMIT
    ? Math.floor(from / HOUR_MS) * HOUR_MS
    : Math.floor(from / DAY_MS) * DAY_MS;
}

function figures(buckets: readonly BucketCounts[], since: number): PeriodFigures {
  let checks = 0;
  let up = 0;
  let timed = 0;
  let sum = 0;
  for (const bucket of buckets) {
    if (bucket.bucket < since) continue;
    checks += bucket.checks;
    up += bucket.upChecks;
    timed += bucket.timedChecks;
    sum += bucket.responseTimeSum;
  }
  return { uptime: uptimePercent(up, checks), averageResponseTime: averageResponseTime(sum, timed) };
}

function bySubject(rows: readonly BucketCounts[]): Map<number, BucketCounts[]> {
  const grouped = new Map<number, BucketCounts[]>();
  for (const row of rows) {
    const list = grouped.get(row.subjectId);
    if (list) list.push(row);
    else grouped.set(row.subjectId, [row]);
  }
  return grouped;
}

/** The first day of a bar of `days` UTC days ending today. */
function barStart(days: number, now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
}

/** The earliest moment `periodFigures` and `dailyBars` read for these periods and this bar: what a source must hold. */
export function earliestNeeded(periods: readonly UptimePeriod[], days: number, now: number): number {
  return Math.min(barStart(days, now), ...periods.map((period) => periodStart(period, now)));
}

/**
 * Uptime and average response time of many services (or game servers) over the given periods, in at most two
 * reads of the source (hourly and daily buckets; for services two queries), whatever their number.
 */
export async function periodFigures<P extends UptimePeriod>(
  repository: BucketSource,
  serviceIds: readonly number[],
  periods: readonly P[],
  now: number,
): Promise<Map<number, Record<P, PeriodFigures>>> {
  const hourlyPeriods = periods.filter((p) => PERIOD_HOURS[p] <= HOURLY_LIMIT);
  const dailyPeriods = periods.filter((p) => PERIOD_HOURS[p] > HOURLY_LIMIT);
  const earliest = (list: readonly P[]) => Math.min(...list.map((p) => periodStart(p, now)));
  const [hourly, daily] = await Promise.all([
    hourlyPeriods.length > 0 ? repository.buckets('hourly', serviceIds, earliest(hourlyPeriods)) : [],
    dailyPeriods.length > 0 ? repository.buckets('daily', serviceIds, earliest(dailyPeriods)) : [],
  ]);
  const hourlyBy = bySubject(hourly);
  const dailyBy = bySubject(daily);
  const result = new Map<number, Record<P, PeriodFigures>>();
  for (const id of serviceIds) {
    const entry = {} as Record<P, PeriodFigures>;
    for (const period of periods) {
      const source = PERIOD_HOURS[period] <= HOURLY_LIMIT ? hourlyBy : dailyBy;
      entry[period] = figures(source.get(id) ?? [], periodStart(period, now));
    }
    result.set(id, entry);
  }
  return result;
}

/** One UTC day of an uptime bar. */
export interface UptimeDay {
  day: string;
  uptime: number | null;
}

/**
 * The last `days` UTC days (today included, oldest first) of each service's (or game server's) daily uptime, in one
 * read of the source; a day without a bucket (no checks, no known state) has uptime null.
 */
export async function dailyBars(
  repository: BucketSource,
  serviceIds: readonly number[],
  days: number,
  now: number,
): Promise<Map<number, UptimeDay[]>> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = barStart(days, now);
  const rows = bySubject(await repository.buckets('daily', serviceIds, first));
  const result = new Map<number, UptimeDay[]>();
  for (const id of serviceIds) {
    const byDay = new Map((rows.get(id) ?? []).map((row) => [row.bucket, row]));
    const bar: UptimeDay[] = [];
    for (let day = first; day <= today; day += DAY_MS) {
      const row = byDay.get(day);
      bar.push({
        day: new Date(day).toISOString().slice(0, 10),
        uptime: row ? uptimePercent(row.upChecks, row.checks) : null,
      });
    }
    result.set(id, bar);
  }
  return result;
}
