import { describe, expect, it } from 'vitest';
import type { MaintenanceSchedule } from '#shared/schemas/maintenance';
import { isActiveAt, nextStartAfter } from './window-schedule.ts';
import { instantOf } from './zoned-time.ts';

const at = (iso: string) => Date.parse(iso);

describe('maintenance window schedules', () => {
  it('reads a one-off window in its own zone', () => {
    const schedule = { kind: 'once', start: '2026-07-01T22:00', end: '2026-07-01T23:30' } satisfies MaintenanceSchedule;
    // Berlin is UTC+2 in July: 22:00 local is 20:00 UTC.
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-07-01T19:59:00Z'))).toBe(false);
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-07-01T20:00:00Z'))).toBe(true);
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-07-01T21:29:00Z'))).toBe(true);
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-07-01T21:30:00Z'))).toBe(false);
    expect(nextStartAfter(schedule, 'Europe/Berlin', at('2026-07-02T00:00:00Z'))).toBeNull();
  });

  it('keeps a weekly window at its local time across the DST changes', () => {
    const schedule = {
      kind: 'weekly',
      days: [0],
      startTime: '03:00',
      durationMinutes: 60,
    } satisfies MaintenanceSchedule;
    // Sunday 2026-03-22 (CET, UTC+1) and Sunday 2026-04-05 (CEST, UTC+2).
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-03-22T02:30:00Z'))).toBe(true);
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-04-05T01:30:00Z'))).toBe(true);
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-04-05T02:30:00Z'))).toBe(false);
    expect(nextStartAfter(schedule, 'Europe/Berlin', at('2026-03-23T00:00:00Z'))).toBe(at('2026-03-29T01:00:00Z'));
    // Not on Mondays.
    expect(isActiveAt(schedule, 'Europe/Berlin', at('2026-03-23T02:30:00Z'))).toBe(false);
  });

  it('resolves skipped and repeated local times predictably', () => {
    // 02:30 does not exist in Berlin on 2026-03-29: read with the winter offset, it is 01:30 UTC (03:30 local).
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(
      at('2026-03-29T01:30:00Z'),
    );
    // 02:30 happens twice on 2026-10-25: the first one (CEST) counts.
    expect(instantOf({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(
      at('2026-10-25T00:30:00Z'),
    );
  });

  it('spans midnight and several days', () => {
    const schedule = {
      kind: 'weekly',
      days: [6],
      startTime: '23:00',
      durationMinutes: 180,
    } satisfies MaintenanceSchedule;
    // Saturday 2026-01-03 23:00 in New York is Sunday 04:00 UTC; three hours later it is over.
    expect(isActiveAt(schedule, 'America/New_York', at('2026-01-04T06:59:00Z'))).toBe(true);
    expect(isActiveAt(schedule, 'America/New_York', at('2026-01-04T07:00:00Z'))).toBe(false);
  });
});
