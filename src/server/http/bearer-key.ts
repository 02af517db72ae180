import type { FastifyRequest } from 'fastify';

/** What the Authorization header says about an API key. */
export type BearerCredential = { kind: 'none' } | { kind: 'malformed' } | { kind: 'key'; key: string };

/**
 * Reads an API key from `Authorization: Bearer <key>`, and from nowhere else: never a cookie or the query string,
 * where keys would end up in browser history, proxy logs and Referer headers. Other schemes (Basic, which a
 * reverse proxy with its own password passes along) are not ours and count as no key. The scheme's name is
 * case-insensitive (RFC 9110 section 11.1).
 */
export function bearerCredential(request: FastifyRequest): BearerCredential {
  const header = request.headers.authorization;
  if (header === undefined) return { kind: 'none' };
  const match = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?: +(.*))?$/.exec(header);
  if (!match) return { kind: 'malformed' };
  const [, scheme = '', credential = ''] = match;
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'none' };
  const key = credential.trim();
  // token68 (RFC 9110 section 11.2): one word of these characters.
  if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(key)) return { kind: 'malformed' };
  return { kind: 'key', key };
}
