/**
 * Names in English alphabetical order, ignoring case and accents: what `Intl.Collator('en', { sensitivity: 'base' })`
 * answers, without ICU for the names most labs give their services.
 *
 * Why not always the collator: a collator pages in about 2.6 MiB of ICU's code and data (collation tables, and the
 * pages around them) that then stay in the server's resident memory, part of issue 14's "1,000 services" figure
 * (decision 0017, session 13). Names of printable ASCII only are compared with the table below, which is Unicode's
 * collation order (CLDR root, which English uses unchanged) for those 95 characters: every one of them has its own
 * primary weight except upper and lower case, and root has no contractions or expansions among them, so comparing
 * such names is comparing their ranks one by one. A name with any other character goes to the collator.
 * name-order.test.ts checks the table against ICU on every pair of characters and on random names.
 *
 * The locale is English everywhere, not the browser's: the server's order and every client's order are the same.
 */

// One entry per primary weight, lowest first; the characters of an entry compare equal.
const ASCII_GROUPS = [
  ' ',
  '_',
  '-',
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  "'",
  '"',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '`',
  '^',
  '+',
  '<',
  '=',
  '>',
  '|',
  '~',
  '$',
  ...'0123456789',
  ...'abcdefghijklmnopqrstuvwxyz'.split('').map((letter) => letter.toUpperCase() + letter),
];

/** Rank by character code; 0: not printable ASCII, so the collator decides. */
const RANK = new Uint8Array(128);
ASCII_GROUPS.forEach((group, index) => {
  for (const character of group) RANK[character.charCodeAt(0)] = index + 1;
});

// One collator for every comparison: `localeCompare` with options builds a new one per call, which made sorting
// 1,000 services take 30-150 ms (docs/decisions/0013).
let collator: Intl.Collator | undefined;

function collatorCompare(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return collator.compare(a, b);
}

function isPrintableAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 128 || RANK[code] === 0) return false;
  }
  return true;
}

/** Negative, zero or positive as `a` sorts before, with or after `b` (case and accents ignored). */
export function compareNames(a: string, b: string): number {
  if (!isPrintableAscii(a) || !isPrintableAscii(b)) return collatorCompare(a, b);
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (RANK[a.charCodeAt(index)] ?? 0) - (RANK[b.charCodeAt(index)] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return Math.sign(a.length - b.length);
}
