/**
 * True when a request path names the API under any spelling: percent-encoding, letter case, repeated slashes,
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
  return segments.includes('api');
}
