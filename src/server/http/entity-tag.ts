import { createHash } from 'node:crypto';

/** A weak entity tag over an answer's body: equal bodies, equal tags, whatever the content coding. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Does If-None-Match name this tag (weak comparison, RFC 9110 section 13.1.2), or `*`? */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || opaque(tag) === wanted;
  });
}
