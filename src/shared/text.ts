/**
 * Text the database can store as it was sent. A lone UTF-16 surrogate (JSON "\ud800") is not Unicode: SQLite
 * would store it as invalid UTF-8 and PostgreSQL differently, and NUL cannot be stored in PostgreSQL text at all.
 */

// In a `u` regex a lone surrogate is its own code point of category Cs; a proper pair is one astral code point.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the string holds a UTF-16 surrogate without its partner. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * The first `maxUnits` UTF-16 code units of `value`, one fewer when the cut would split a surrogate pair,
 * so that shortening text never makes a lone surrogate of an emoji or other astral character.
 */
export function truncateText(value: string, maxUnits: number): string {
  if (value.length <= maxUnits) return value;
  const last = value.charCodeAt(maxUnits - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return value.slice(0, splitsPair ? maxUnits - 1 : maxUnits);
}
