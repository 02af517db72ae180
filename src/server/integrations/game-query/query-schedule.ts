/**
 * When a query-only server may be asked again. Real game servers ban clients that poll too fast (Armagetron's flood
 * protection, Source's A2S rate limits), so: never more than one query per server per 10 s, and after failures a
 * doubling pause (10 s, 20 s, 40 s ... at most 5 min) during which the server keeps reading as offline.
 */
export const MIN_QUERY_INTERVAL_MS = 10_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

/** The pause after a query: 10 s after a success; 10 s × 2^(failures − 1), capped at 5 min, after failures. */
export function pauseAfter(consecutiveFailures: number): number {
  if (consecutiveFailures <= 0) return MIN_QUERY_INTERVAL_MS;
  const exponent = Math.min(consecutiveFailures - 1, 20);
  return Math.min(MIN_QUERY_INTERVAL_MS * 2 ** exponent, MAX_BACKOFF_MS);
}
