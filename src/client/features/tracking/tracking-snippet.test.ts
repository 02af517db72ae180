import { describe, expect, it } from 'vitest';
import { parseTrackingCode } from './tracking-snippet';

describe('parseTrackingCode', () => {
  it('reads the src and the allowed attributes of each script tag', () => {
    const code = [
      '<script defer data-domain="lab.example" src="https://plausible.io/js/script.js"></script>',
      '<script async src="https://umami.example/script.js" data-website-id="abc-123" crossorigin="anonymous"></script>',
    ].join('\n');
    expect(parseTrackingCode(code)).toEqual([
      {
        src: 'https://plausible.io/js/script.js',
        attributes: [
          ['defer', ''],
          ['data-domain', 'lab.example'],
        ],
      },
      {
        src: 'https://umami.example/script.js',
        attributes: [
          ['async', ''],
          ['data-website-id', 'abc-123'],
          ['crossorigin', 'anonymous'],
        ],
      },
    ]);
  });

  it('reads a flag written last and ignores look-alikes inside data values', () => {
    expect(parseTrackingCode('<script src="https://a.example/x.js" data-note="not async" async></script>')).toEqual([
      {
        src: 'https://a.example/x.js',
        attributes: [
          ['data-note', 'not async'],
          ['async', ''],
        ],
      },
    ]);
  });

  it('gives nothing for an empty snippet', () => {
    expect(parseTrackingCode(null)).toEqual([]);
    expect(parseTrackingCode('')).toEqual([]);
    expect(parseTrackingCode('  \n ')).toEqual([]);
  });

  it('gives nothing at all when any part breaks the policy', () => {
    const good = '<script src="https://a.example/x.js"></script>';
    for (const bad of [
      '<script>alert(1)</script>',
      '<script src="http://a.example/x.js"></script>',
      '<script src="https://a.example/x.js" onload="alert(1)"></script>',
      `${good}<img src=x onerror="alert(1)">`,
      `${good}<script src="https://a.example/y.js">alert(1)</script>`,
      '<script src="javascript:alert(1)"></script>',
    ]) {
      expect(parseTrackingCode(bad), bad).toEqual([]);
    }
  });
});
