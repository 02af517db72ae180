import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLINE_COLOR, DEFAULT_ONLINE_COLOR, NSFW_BADGE_COLOR } from './constants';
import { contrastRatio, isHexColor, readableTextColor, relativeLuminance } from './contrast';

const AA_NORMAL_TEXT = 4.5;
const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((channels) => `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);

describe('contrast', () => {
  it('follows the WCAG 2 formula at its known points', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Published figures: #767676 is the lightest grey with 4.5:1 on white; white on #22c55e is about 2.3:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#22c55e')).toBeCloseTo(2.28, 2);
  });

  it('picks black on the default online, offline and NSFW colours, white on dark ones', () => {
    expect(readableTextColor(DEFAULT_ONLINE_COLOR)).toBe('#000000');
    expect(readableTextColor(DEFAULT_OFFLINE_COLOR)).toBe('#000000');
    expect(readableTextColor(NSFW_BADGE_COLOR)).toBe('#000000');
    expect(readableTextColor('#1e3a8a')).toBe('#ffffff');
    expect(readableTextColor('#b91c1c')).toBe('#ffffff');
  });

  it('always picks the better of black and white, which reaches at least 4.58:1 on any colour', () => {
    fc.assert(
      fc.property(hexColor, (background) => {
        const text = readableTextColor(background);
        const other = text === '#000000' ? '#ffffff' : '#000000';
        expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(contrastRatio(other, background));
        expect(contrastRatio(text, background)).toBeGreaterThan(AA_NORMAL_TEXT);
      }),
    );
  });

  it('accepts only #rrggbb and refuses anything else instead of guessing', () => {
    expect(isHexColor('#22c55e')).toBe(true);
    for (const value of ['22c55e', '#22c55', '#22c55e0', 'red', 'rgb(0,0,0)', '#ggggg0', '']) {
      expect(isHexColor(value)).toBe(false);
      expect(() => relativeLuminance(value)).toThrow(/#rrggbb/);
    }
  });
});
