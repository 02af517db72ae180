import { describe, expect, it } from 'vitest';
import { formatDuration, formatGigabytes, formatRefreshInterval, formatRelativeTime, formatUptime } from './format';

describe('formatDuration (h:mm:ss or m:ss)', () => {
  it('uses m:ss under an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9_000)).toBe('0:09');
    expect(formatDuration(61_999)).toBe('1:01');
    expect(formatDuration(59 * 60_000 + 59_000)).toBe('59:59');
  });
  it('uses h:mm:ss from an hour on', () => {
    expect(formatDuration(3_600_000)).toBe('1:00:00');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 7_000)).toBe('2:05:07');
    expect(formatDuration(100 * 3_600_000)).toBe('100:00:00');
  });
  it('reads nonsense as zero', () => {
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('formatGigabytes (MB / 1024, 2 decimals)', () => {
  it('divides by 1024 and keeps two decimals', () => {
    expect(formatGigabytes(1024)).toBe('1.00');
    expect(formatGigabytes(6144)).toBe('6.00');
    expect(formatGigabytes(1536)).toBe('1.50');
    expect(formatGigabytes(100)).toBe('0.10');
    expect(formatGigabytes(0)).toBe('0.00');
    expect(formatGigabytes(Number.NaN)).toBe('0.00');
  });
});

describe('formatRefreshInterval', () => {
  it('reads seconds, and whole minutes as minutes', () => {
    expect(formatRefreshInterval(30)).toBe('Every 30s');
    expect(formatRefreshInterval(5)).toBe('Every 5s');
    expect(formatRefreshInterval(90)).toBe('Every 90s');
    expect(formatRefreshInterval(300)).toBe('Every 5m');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('steps through seconds, minutes, hours and days', () => {
    expect(formatRelativeTime(ago(1_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(42_000), now)).toBe('42s ago');
    expect(formatRelativeTime(ago(5 * 60_000 + 10_000), now)).toBe('5m ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(formatRelativeTime(ago(49 * 3_600_000), now)).toBe('2d ago');
  });
  it('copes with clock skew and bad input', () => {
    expect(formatRelativeTime(ago(-30_000), now)).toBe('just now');
    expect(formatRelativeTime('not a date', now)).toBe('never');
  });
});

describe('formatUptime', () => {
  it('keeps at most two decimals and drops trailing zeros', () => {
    expect(formatUptime(100)).toBe('100%');
    expect(formatUptime(99.956)).toBe('99.96%');
    expect(formatUptime(97.5)).toBe('97.5%');
    expect(formatUptime(null)).toBe('—');
  });
});
