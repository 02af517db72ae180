import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, truncateText } from './text.ts';

describe('hasLoneSurrogate', () => {
  it('finds a high or low surrogate without its partner anywhere in the text', () => {
    for (const text of ['\ud800', 'a\ud800b', 'ab\udc00', '\udc00\ud800', '😀\ud83d']) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('accepts proper pairs and ordinary text', () => {
    for (const text of ['', 'plain', 'é', '😀', '\ud83d\ude00', '𝐀𝐁', '\ufffd', '\uffff']) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('truncateText', () => {
  it('keeps text within the limit as it is', () => {
    expect(truncateText('abc', 3)).toBe('abc');
  });

  it('cuts to the limit in code units', () => {
    expect(truncateText('abcdef', 4)).toBe('abcd');
  });

  it('never splits a surrogate pair: the cut moves before it', () => {
    const cut = truncateText('a😀b', 2);
    expect(cut).toBe('a');
    expect(hasLoneSurrogate(cut)).toBe(false);
    expect(truncateText('a😀b', 3)).toBe('a😀');
  });
});
