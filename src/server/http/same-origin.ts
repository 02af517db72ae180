import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request check for state-changing methods, on top of SameSite cookies. A browser always sends
 * Origin on cross-origin POST/PUT/PATCH/DELETE; it must be this server's own origin (as the request reached
 * us, or the configured public URL). Without Origin, Sec-Fetch-Site must not say cross-site. Non-browser
 * clients send neither and are allowed: they cannot carry a victim's cookie.
 */
export function isSameOriginRequest(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === publicOrigin) return true;
    return origin === `${request.protocol}://${request.host}`;
  }
  const fetchSite = request.headers['sec-fetch-site'];
  return fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
}
