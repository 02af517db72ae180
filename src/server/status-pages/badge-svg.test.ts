import { describe, expect, it } from 'vitest';
import { formatPercent } from './badge.service.ts';
import { BADGE_COLORS, escapeXml, renderBadge, textWidth, uptimeColor } from './badge-svg.ts';

describe('badge SVG', () => {
  it('escapes every text and holds no script, link or foreign content', () => {
    const svg = renderBadge('<script>alert(1)</script>', '"a" & \'b\'', '#123456"/><script>');
    expect(svg).not.toMatch(/<script|<a |href=|<foreignObject|on\w+=/i);
    expect(svg).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(svg).toContain('&#34;a&#34; &#38; &#39;b&#39;');
    expect(escapeXml('<&>')).toBe('&#60;&#38;&#62;');
  });

  it('sizes its boxes from the texts so longer messages get wider badges', () => {
    const short = renderBadge('status', 'up', BADGE_COLORS.green);
    const long = renderBadge('status', 'maintenance', BADGE_COLORS.blue);
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width(long)).toBeGreaterThan(width(short));
    expect(textWidth('iii')).toBeLessThan(textWidth('MMM'));
  });

  it('colours uptime from green to red, grey without data, and prints up to two decimals', () => {
    expect(uptimeColor(100)).toBe(BADGE_COLORS.green);
    expect(uptimeColor(99.5)).toBe(BADGE_COLORS.yellowGreen);
    expect(uptimeColor(98)).toBe(BADGE_COLORS.yellow);
    expect(uptimeColor(92)).toBe(BADGE_COLORS.orange);
    expect(uptimeColor(50)).toBe(BADGE_COLORS.red);
    expect(uptimeColor(null)).toBe(BADGE_COLORS.grey);
    expect(formatPercent(99.9)).toBe('99.9%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(12.345)).toBe('12.35%');
  });
});
