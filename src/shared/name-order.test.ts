import { describe, expect, it } from 'vitest';
import { compareNames } from './name-order.ts';

// What the table stands in for: ICU's own answer.
const icu = new Intl.Collator('en', { sensitivity: 'base' });
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index));

/** A small deterministic generator, so a failure names the same strings on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomName(next: () => number, alphabet: readonly string[]): string {
  const length = Math.floor(next() * 10);
  return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)] ?? '').join('');
}

describe('compareNames', () => {
  it('orders every pair of printable ASCII characters as ICU does', () => {
    const wrong: string[] = [];
    for (const a of PRINTABLE) {
      for (const b of PRINTABLE) {
        if (Math.sign(compareNames(a, b)) !== Math.sign(icu.compare(a, b))) wrong.push(`${a} ${b}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('orders random ASCII names as ICU does, prefixes and case included', () => {
    const next = random(14);
    // A narrow alphabet makes shared prefixes and case-only differences common.
    const narrow = [...'aAbB0 -_.'];
    const wrong: string[] = [];
    for (let round = 0; round < 40_000; round += 1) {
      const alphabet = round % 2 === 0 ? narrow : PRINTABLE;
      const a = randomName(next, alphabet);
      const b = round % 5 === 0 ? a + randomName(next, alphabet) : randomName(next, alphabet);
      if (Math.sign(compareNames(a, b)) !== Math.sign(icu.compare(a, b))) wrong.push(JSON.stringify([a, b]));
    }
    expect(wrong).toEqual([]);
  });

  it('ignores case and puts punctuation before digits before letters', () => {
    expect(compareNames('plex', 'Plex')).toBe(0);
    expect(['b', 'A', '2', '_x', 'a b', 'ab'].sort(compareNames)).toEqual(['_x', '2', 'A', 'a b', 'ab', 'b']);
  });

  it('leaves names with other characters to ICU: accents ignored, letters beyond ASCII in their place', () => {
    expect(compareNames('Élan', 'elan')).toBe(0);
    expect(['Zebra', 'Ärger', 'Apfel', 'Ångström', 'Ω'].sort(compareNames)).toEqual([
      'Ångström',
      'Apfel',
      'Ärger',
      'Zebra',
      'Ω',
    ]);
    const next = random(27);
    const mixed = [...'aAeE é É-ßøΩ\u0301\u00ad'];
    for (let round = 0; round < 5_000; round += 1) {
      const a = randomName(next, mixed);
      const b = randomName(next, mixed);
      expect(Math.sign(compareNames(a, b)), JSON.stringify([a, b])).toBe(Math.sign(icu.compare(a, b)));
    }
  });
});
