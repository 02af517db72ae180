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
/** A form whose bytes stop arriving this long is refused (see watchForStall). */
const STALL_MS = 10_000;
const STALL_CHECK_MS = 1_000;
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
  const watch = watchForStall(request);
  try {
    return await Promise.race([readParts(request, reply), watch.stalled]);
  } catch (error) {
    // The rest of the body is not read: the connection cannot carry another request.
    void reply.header('connection', 'close');
    throw error;
  } finally {
    watch.stop();
  }
}

/**
 * Refuses a form whose bytes stop arriving for STALL_MS: a client that stalls, and a parser that stops reading
 * (@fastify/multipart 9.4 never finishes after some broken envelopes; the fuzz test found one), must not hold the
 * request open for ever. Watches the socket's byte count, which changes nothing in how the body is read.
 */
function watchForStall(request: FastifyRequest): { stalled: Promise<never>; stop(): void } {
  let fail: (error: AppError) => void = () => undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  stalled.catch(() => undefined); // settled after the race may be over
  const socket = request.raw.socket;
  let lastBytes = socket.bytesRead;
  let lastChange = Date.now();
  const timer = setInterval(() => {
    if (socket.bytesRead !== lastBytes) {
      lastBytes = socket.bytesRead;
      lastChange = Date.now();
    } else if (Date.now() - lastChange >= STALL_MS) {
      fail(uploadRefused('bad_request', UPLOAD_MSG.malformedForm));
    }
  }, STALL_CHECK_MS);
  timer.unref();
  return { stalled, stop: () => clearInterval(timer) };
}

async function readParts(request: FastifyRequest, reply: FastifyReply): Promise<ImageForm> {
  let image: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      // A part without a name is not a form field; refusing it at once also avoids a parser that stops reading
      // after an unnamed part over the field size cap.
      if (typeof part.fieldname !== 'string') throw uploadRefused('bad_request', UPLOAD_MSG.malformedForm);
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
