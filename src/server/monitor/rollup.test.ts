import { describe, expect, it } from 'vitest';
import {
  averageResponseTime,
  dayBucket,
  hourBucket,
  mergeRollup,
  rollUp,
  uptimePercent,
  type CheckResult,
} from './rollup.ts';

const result = (serviceId: number, timestamp: string, status: boolean, responseTime: number | null): CheckResult => ({
  serviceId,
  timestamp,
  status,
  responseTime,
});

describe('buckets', () => {
  it('truncates ISO timestamps to the UTC hour and day', () => {
    expect(hourBucket('2025-03-04T05:59:59.999Z')).toBe('2025-03-04T05:00:00.000Z');
    expect(dayBucket('2025-03-04T23:59:59.999Z')).toBe('2025-03-04T00:00:00.000Z');
  });
});

describe('rollUp', () => {
  const results = [
    result(1, '2025-03-04T05:10:00.000Z', true, 20),
    result(1, '2025-03-04T05:20:00.000Z', false, null),
    result(1, '2025-03-04T05:30:00.000Z', false, 500),
    result(1, '2025-03-04T06:00:00.000Z', true, 10),
    result(2, '2025-03-04T05:10:00.000Z', true, 7),
  ];

  it('counts checks, up checks and response times per service and hour', () => {
    const hourly = rollUp(results, hourBucket);
    expect(hourly).toEqual([
      {
        serviceId: 1,
        bucket: '2025-03-04T05:00:00.000Z',
        checks: 3,
        upChecks: 1,
        timedChecks: 2,
        responseTimeSum: 520,
        responseTimeMin: 20,
        responseTimeMax: 500,
      },
      {
        serviceId: 1,
        bucket: '2025-03-04T06:00:00.000Z',
        checks: 1,
        upChecks: 1,
        timedChecks: 1,
        responseTimeSum: 10,
        responseTimeMin: 10,
        responseTimeMax: 10,
      },
      {
        serviceId: 2,
        bucket: '2025-03-04T05:00:00.000Z',
        checks: 1,
        upChecks: 1,
        timedChecks: 1,
        responseTimeSum: 7,
        responseTimeMin: 7,
        responseTimeMax: 7,
      },
    ]);
  });

  it('gives the same totals whether a bucket is built in one batch or merged from several', () => {
    const whole = rollUp(results, dayBucket).find((delta) => delta.serviceId === 1);
    const parts = [results.slice(0, 2), results.slice(2, 4)].map((part) =>
      rollUp(part, dayBucket).find((delta) => delta.serviceId === 1)!,
    );
    const merged = mergeRollup({ ...parts[0]! }, parts[1]!);
    expect(merged).toEqual(whole);
  });

  it('keeps min and max null until a check has a response time', () => {
    const [delta] = rollUp([result(3, '2025-03-04T05:10:00.000Z', false, null)], hourBucket);
    expect(delta).toMatchObject({ checks: 1, upChecks: 0, timedChecks: 0, responseTimeMin: null });
    expect(
      mergeRollup({ ...delta! }, { ...delta!, responseTimeMin: 4, responseTimeMax: 4, timedChecks: 1 }),
    ).toMatchObject({ responseTimeMin: 4, responseTimeMax: 4, timedChecks: 1 });
  });
});

describe('percentages and averages', () => {
  it('rounds uptime to two decimals and is null without checks', () => {
    expect(uptimePercent(2, 3)).toBe(66.67);
    expect(uptimePercent(0, 0)).toBeNull();
    expect(uptimePercent(5, 5)).toBe(100);
  });

  it('averages only timed checks', () => {
    expect(averageResponseTime(30, 2)).toBe(15);
    expect(averageResponseTime(0, 0)).toBeNull();
  });
});
