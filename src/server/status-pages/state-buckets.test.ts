import { describe, expect, it } from 'vitest';
import { stateBuckets } from './state-buckets.ts';
import { dailyBars, periodFigures } from './uptime-summary.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2030-01-10T00:00:00.000Z');

describe('stateBuckets', () => {
  it('splits each state at hour and day boundaries: time known and time up, until the next change or now', async () => {
    const now = T0 + 2 * DAY + 6 * HOUR;
    const source = stateBuckets(
      [
        { subjectId: 1, at: T0 + 22 * HOUR + HOUR / 2, status: true },
        { subjectId: 1, at: T0 + DAY + 12 * HOUR, status: false },
        { subjectId: 2, at: T0 + 2 * DAY, status: true },
      ],
      now,
    );
    const daily = await source.buckets('daily', [1, 2], T0);
    expect(daily.filter((bucket) => bucket.subjectId === 1).map((b) => [b.bucket, b.checks, b.upChecks])).toEqual([
      [T0, 1.5 * HOUR, 1.5 * HOUR],
      [T0 + DAY, DAY, 12 * HOUR],
      [T0 + 2 * DAY, 6 * HOUR, 0],
    ]);
    // Server 2's state begins where server 1's list ends: each server's last state runs until now.
    expect(daily.filter((bucket) => bucket.subjectId === 2).map((b) => [b.bucket, b.checks])).toEqual([
      [T0 + 2 * DAY, 6 * HOUR],
    ]);
    const hourly = await source.buckets('hourly', [1], T0 + 23 * HOUR);
    expect(hourly[0]).toMatchObject({ bucket: T0 + 23 * HOUR, checks: HOUR, upChecks: HOUR });
    expect(hourly).toHaveLength(31);
    // Only the ids asked for.
    expect(await source.buckets('daily', [3], T0)).toEqual([]);
  });

  it('gives the same periods and bars as rollups would: unknown time counts neither way', async () => {
    const now = T0 + 10 * DAY;
    const source = stateBuckets(
      [
        { subjectId: 7, at: T0 + 6 * DAY, status: true },
        { subjectId: 7, at: T0 + 9 * DAY, status: false },
      ],
      now,
    );
    const figures = await periodFigures(source, [7], ['24h', '7d', '90d'] as const, now);
    expect(figures.get(7)).toEqual({
      '24h': { uptime: 0, averageResponseTime: null },
      '7d': { uptime: 75, averageResponseTime: null },
      '90d': { uptime: 75, averageResponseTime: null },
    });
    const bars = (await dailyBars(source, [7, 8], 5, now)).get(7);
    // Today began at `now`: nothing of it is known yet.
    expect(bars?.map((day) => day.uptime)).toEqual([100, 100, 100, 0, null]);
    expect(bars?.map((day) => day.day)).toEqual(['2030-01-16', '2030-01-17', '2030-01-18', '2030-01-19', '2030-01-20']);
    const before = (await dailyBars(source, [7], 8, now)).get(7);
    expect(before?.slice(0, 3).map((day) => day.uptime)).toEqual([null, null, null]);
  });
});
