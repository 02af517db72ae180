import type { UploadResultWire } from '#shared/schemas/upload';
import type { StoredImage } from '../services/image-upload.service.ts';

/** SPEC "Image upload response": `url`, and `largeUrl` only for site images. */
export function presentUploadResult(stored: StoredImage): UploadResultWire {
  return stored.largeUrl === undefined ? { url: stored.url } : { url: stored.url, largeUrl: stored.largeUrl };
}
