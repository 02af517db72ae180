import { describe, expect, it } from 'vitest';
import { backupNameFor, isBackupName, parseBackupName } from './backup-names.ts';
import { backupsToDelete, isoWeek } from './retention.ts';

const at = (text: string) => ({ createdAt: new Date(text) });
const days = (from: string, count: number, hour = 'T03:00:00.000Z') =>
  Array.from({ length: count }, (_, index) =>
    at(new Date(Date.parse(`${from}${hour}`) + index * 86_400_000).toISOString()),
  );
const kept = (backups: { createdAt: Date }[]) => {
  const doomed = new Set(backupsToDelete(backups));
  return backups.filter((backup) => !doomed.has(backup)).map((backup) => backup.createdAt.toISOString().slice(0, 10));
};

describe('retention: 7 daily, 4 weekly', () => {
  it('keeps everything while there are no more than 7 days of backups', () => {
    expect(backupsToDelete(days('2026-11-20', 7))).toEqual([]);
  });

  it('keeps the newest of each of the 7 newest days and of each of the 4 newest ISO weeks', () => {
    // 2026-10-01 (Thursday) to 2026-11-29 (Sunday), one a day.
    const backups = days('2026-10-01', 60);
    expect(kept(backups).sort()).toEqual([
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('keeps only the newest of several backups on one day', () => {
    const backups = [at('2026-11-26T01:00:00.000Z'), at('2026-11-26T23:59:59.999Z'), at('2026-11-26T12:00:00.000Z')];
    expect(backupsToDelete(backups).map((b) => b.createdAt.toISOString())).toEqual([
      '2026-11-26T12:00:00.000Z',
      '2026-11-26T01:00:00.000Z',
    ]);
  });

  it('counts days and weeks that have a backup, so a long pause still leaves 7 and 4', () => {
    const backups = [...days('2026-01-05', 3), ...days('2026-06-01', 3), ...days('2026-11-01', 3)];
    expect(kept(backups).sort()).toEqual([
      '2026-01-07',
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-11-26T12:00:00Z', '2026-W48'],
    ['2026-12-28T00:00:00Z', '2026-W53'],
    ['2027-01-03T23:59:59Z', '2026-W53'],
    ['2027-01-04T00:00:00Z', '2027-W01'],
    ['2024-12-30T00:00:00Z', '2025-W01'],
    ['2021-01-03T12:00:00Z', '2020-W53'],
  ])('%s is in %s', (time, week) => {
    expect(isoWeek(new Date(time))).toBe(week);
  });
});

describe('backup names', () => {
  it('round-trips a time to the millisecond', () => {
    const date = new Date('2026-11-26T17:42:55.123Z');
    expect(backupNameFor(date)).toBe('2026-11-26T17-42-55-123Z');
    expect(parseBackupName('2026-11-26T17-42-55-123Z')).toEqual(date);
  });

  it.each([
    '',
    '..',
    '../2026-11-26T17-42-55-123Z',
    '2026-11-26T17-42-55-123Z/..',
    '2026-11-26T17:42:55.123Z',
    '2026-11-26T17-42-55-123z',
    '2026-02-31T10-00-00-000Z',
    '2026-11-26T24-00-00-000Z',
    ' 2026-11-26T17-42-55-123Z',
    '2026-11-26T17-42-55-123Z\n',
    '.partial-2026-11-26T17-42-55-123Z-1',
  ])('rejects %j', (name) => {
    expect(isBackupName(name)).toBe(false);
  });
});
