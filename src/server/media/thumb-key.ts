import { createHash } from 'node:crypto';

/**
 * The key our thumbnail route takes for a back end's image path: the first 32 hex digits of its SHA-256. The
 * browser never sees the path (nor the back end's address or token), and only keys of the last poll resolve.
 */
export function thumbKey(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, 32);
}

/** Our own route for a thumbnail key (the Stream's `thumb`). */
export function thumbUrl(key: string): string {
  return `/api/services/plex/thumbs/${key}`;
}
