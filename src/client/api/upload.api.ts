import { ALLOWED_UPLOAD_MIME_TYPES, MAX_UPLOAD_BYTES } from '#shared/constants';
import { UPLOAD_MSG } from '#shared/messages';
import type { UploadResultWire, UploadType } from '#shared/schemas/upload';
import { UPLOAD_TEXT } from '#shared/ui-messages';
import { fetchApi } from './http.client';

/** A failed upload; its message is what the 'Upload failed' toast shows (SPEC section 8). */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Why a picked file can't be sent, as SPEC's toast title and text, or null when it may go (SPEC section 5). */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): { title: string; description: string } | null {
  if (!(ALLOWED_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: UPLOAD_MSG.invalidType, description: UPLOAD_MSG.invalidTypeDetail };
  }
  if (file.size > MAX_UPLOAD_BYTES) return { title: UPLOAD_MSG.tooLarge, description: UPLOAD_MSG.tooLargeDetail };
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an upload answer. The three failure texts are SPEC's: a body that isn't JSON, a non-OK answer (the
 * server's message, else its error, else the generic text) and an OK answer without a url.
 */
export async function readUploadResponse(response: Response): Promise<UploadResultWire> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UploadError(UPLOAD_TEXT.invalidJson);
  }
  if (!response.ok) {
    const message = isRecord(body) ? (body.message ?? body.error) : undefined;
    throw new UploadError(typeof message === 'string' && message !== '' ? message : UPLOAD_TEXT.generic);
  }
  if (!isRecord(body) || typeof body.url !== 'string' || body.url === '') {
    throw new UploadError(UPLOAD_TEXT.badResponse);
  }
  return typeof body.largeUrl === 'string' ? { url: body.url, largeUrl: body.largeUrl } : { url: body.url };
}

async function send(type: UploadType, init: RequestInit): Promise<UploadResultWire> {
  let response: Response;
  try {
    // Through fetchApi like every API call, so the offline notice and the end of a session are noticed here too.
    response = await fetchApi(`/api/upload/${type}`, { method: 'POST', credentials: 'include', ...init });
  } catch {
    // The request never got an answer (offline, connection reset mid-upload).
    throw new UploadError(UPLOAD_TEXT.generic);
  }
  return readUploadResponse(response);
}

/**
 * POST /api/upload/{type} as multipart with the fields image and type, plus any extra text fields (a game icon
 * names its server with instanceId and id).
 */
export function uploadImageFile(
  file: File,
  type: UploadType,
  fields: Record<string, string> = {},
): Promise<UploadResultWire> {
  const form = new FormData();
  form.append('image', file);
  form.append('type', type);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // No Content-Type header: the browser sets the multipart boundary itself.
  return send(type, { body: form });
}

/** POST /api/upload/{type} as JSON {imageUrl, type}: the server fetches the image (SSRF-safe). */
export function uploadImageFromUrl(imageUrl: string, type: UploadType): Promise<UploadResultWire> {
  return send(type, {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ imageUrl, type }),
  });
}
