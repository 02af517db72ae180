/** Path segments that only the server answers: the API, and the Prometheus metrics (GET /metrics). */
const SERVER_SEGMENTS = new Set(['api', 'metrics']);

/**
 * True when a request path names the API (or the metrics) under any spelling: percent-encoding, letter case, repeated slashes,
 * dot segments, `;` parameters or backslashes. Used only to choose how to answer a path that matched no route
 * (a JSON 404 instead of the client's index page); access is never decided from the URL text.
 */
export function isApiPath(url: string): boolean {
  const rawPath = url.split(/[?#]/, 1)[0] ?? '';
  let decoded = rawPath;
  // Decode repeatedly so that double encodings (%2561) are seen too; stop at a malformed escape.
  for (let round = 0; round < 3 && decoded.includes('%'); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  const segments = decoded
    .toLowerCase()
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => segment.split(';', 1)[0]?.trim() ?? '')
    .filter((segment) => segment !== '' && segment !== '.');
  // Trailing dots, spaces and control characters as well (`/metrics.`, `/metrics%00`): still no page of the client.
  return segments.some((segment) => SERVER_SEGMENTS.has(segment.replace(/[.\s\p{Cc}]+$/u, '')));
}
