// toLocaleString() builds its formatter on every call; a card title per card (and one per history segment) made
// that a visible part of drawing thousands of cards. The options are toLocaleString's own, so the text is the same.
let formatter: Intl.DateTimeFormat | undefined;

/** A moment as `new Date(ms).toLocaleString()` writes it, with one formatter for the whole page. */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return new Date(ms).toLocaleString();
  formatter ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return formatter.format(ms);
}
