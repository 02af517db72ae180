import { MAX_MEDIA_IMAGE_BYTES, type MediaImage } from '../../media/media-server.ts';
import { IntegrationError, type JsonClient } from './json-client.ts';

/**
 * Raster types only: our thumbnail route serves the bytes from our own origin, and an SVG (or anything else a
 * browser would run) could carry script there.
 */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/**
 * GETs one image from a media server with the client's own credentials (headers), capped at
 * MAX_MEDIA_IMAGE_BYTES; an answer that is not a raster image is a `bad_response`. The caller has already
 * checked that `path` is one of the server's image paths.
 */
export async function fetchMediaImage(http: JsonClient, path: string): Promise<MediaImage> {
  const answer = await http.requestBytes({ path, accept: 'image/*', maxBytes: MAX_MEDIA_IMAGE_BYTES });
  const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!IMAGE_TYPES.has(contentType)) {
    throw new IntegrationError(
      http.system,
      'bad_response',
      `${http.system}: the image answer is ${contentType || 'untyped'}, not an image`,
    );
  }
  return { contentType, body: answer.body };
}
