import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '#shared/constants';
import { UPLOAD_MSG } from '#shared/messages';
import { AppError } from '../services/app-error.ts';
import { fileTooLarge, uploadRefused } from '../services/upload-errors.ts';

/** Room for the multipart envelope and the small text fields around the 5 MB image. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The largest multipart body an upload may announce: anything bigger is refused before a byte of it is read. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

// RFC 2046: a boundary is 1 to 70 characters, optionally quoted.
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;
// @fastify/multipart's limit errors (it registers them with status 413, which SPEC reserves for the file size).
const FORM_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Whether the headers announce a multipart form. Read from the header itself, because the multipart plugin only
 * marks the request once the body is parsed, after onRequest has run.
 */
export function announcesMultipart(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*multipart\/form-data\s*(?:;|$)/i.test(contentType);
}

/**
 * Maps whatever the multipart parser throws to a client error: the parser only ever fails on what the client
 * sent (a broken envelope, too many parts, an aborted body), never on a server fault.
 */
function formFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (typeof code === 'string' && FORM_LIMIT_CODES.has(code))
    return uploadRefused('bad_request', UPLOAD_MSG.tooManyParts);
  return uploadRefused('bad_request', UPLOAD_MSG.malformedForm);
}

/** The image of a multipart upload and its short text fields (`type` is ignored: it comes from the path). */
export interface ImageForm {
  image: Buffer;
  /** Text fields by name, the first of each (game icons send instanceId and id). */
  fields: Record<string, string>;
}

/**
 * Reads the multipart form's `image` file (capped at 5 MB while streaming: an oversize file is refused the moment
 * it passes the cap, and the connection closed after the answer) and its text fields.
 */
export async function readImagePart(request: FastifyRequest, reply: FastifyReply): Promise<ImageForm> {
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) throw uploadRefused('bad_request', UPLOAD_MSG.noBoundary);
  let image: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      image = await new Promise<Buffer>((resolve, reject) => {
        // Answer as soon as the cap is reached: toBuffer alone would wait for the end of a body that may never come.
        part.file.once('limit', () => {
          void reply.header('connection', 'close');
          reject(fileTooLarge());
        });
        part.toBuffer().then(resolve, reject);
      });
    }
  } catch (error) {
    request.log.info({ err: error }, 'multipart upload refused');
    throw formFailure(error);
  }
  if (!image) throw uploadRefused('bad_request', UPLOAD_MSG.noFile);
  return { image, fields };
}
