import { describe, expect, it } from 'vitest';
import { summaryLine } from './media-text';
import { formatQuality } from './stream-list';
import { advancedProgress } from './stream-progress';

describe('advancedProgress', () => {
  it('adds 1000 / duration × 100 percent per tick to a playing stream', () => {
    expect(advancedProgress({ state: 'playing', progress: 10, duration: 100_000 }, 3)).toBeCloseTo(13);
  });

  it('caps at 100 percent', () => {
    expect(advancedProgress({ state: 'playing', progress: 99, duration: 10_000 }, 50)).toBe(100);
  });

  it('leaves paused streams and streams of unknown duration where the server put them', () => {
    expect(advancedProgress({ state: 'paused', progress: 40, duration: 100_000 }, 10)).toBe(40);
    expect(advancedProgress({ state: 'playing', progress: 40, duration: 0 }, 10)).toBe(40);
  });

  it('reads server values outside 0 to 100 as the nearest bound', () => {
    expect(advancedProgress({ state: 'paused', progress: 140, duration: 1 }, 0)).toBe(100);
    expect(advancedProgress({ state: 'paused', progress: -3, duration: 1 }, 0)).toBe(0);
  });
});

describe('summaryLine', () => {
  it('counts streams, playing ones and items with thousands separators', () => {
    expect(summaryLine({ activeStreamCount: 2, playing: 1, totalItems: 1234 })).toBe(
      '2 streams · 1 playing · 1,234 items',
    );
    expect(summaryLine({ activeStreamCount: 1, playing: 1, totalItems: 1 })).toBe('1 stream · 1 playing · 1 item');
  });
});

describe('formatQuality', () => {
  it("adds the 'p' to Plex's bare line counts and leaves other names alone", () => {
    expect(formatQuality('1080')).toBe('1080p');
    expect(formatQuality('720p')).toBe('720p');
    expect(formatQuality('4k')).toBe('4k');
    expect(formatQuality('')).toBe('');
  });
});
