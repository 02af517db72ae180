import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '#shared/constants';
import { UPLOAD_MSG } from '#shared/messages';
import { uploadFromUrlBody, uploadParams, type UploadType } from '#shared/schemas/upload';
import { AppError } from '../services/app-error.ts';
import type { StoredImage } from '../services/image-upload.service.ts';
import type { RouteContext } from './route-context.ts';

// Room for the multipart envelope and the small text fields around the 5 MB image.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function tooLarge(): AppError {
  return new AppError('too_large', UPLOAD_MSG.tooLargeDetail, { error: UPLOAD_MSG.tooLarge });
}

/** Reads the multipart form: the `image` file (size-capped while streaming) and ignores other fields. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      try {
        image = await part.toBuffer();
      } catch (error) {
        throw (error as { statusCode?: number }).statusCode === 413 ? tooLarge() : error;
      }
    }
  }
  if (!image) throw new AppError('bad_request', UPLOAD_MSG.noFile, { error: UPLOAD_MSG.noFile });
  return image;
}

/** Image uploads for site branding, game icons and service images (administrators). */
export function uploadRoutes({ app, services }: RouteContext): void {
  app.post(
    '/api/upload/:type',
    {
      config: { access: 'admin' },
      schema: { params: uploadParams },
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      // Refuse an announced oversize body before reading any of it.
      onRequest: (request, _reply, done) => {
        const declared = Number(request.headers['content-length'] ?? 0);
        // Only a multipart image may be large; the JSON form keeps the usual 1 MB body limit.
        const limit = request.isMultipart() ? MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES : JSON_BODY_LIMIT_BYTES;
        done(declared > limit ? tooLarge() : undefined);
      },
    },
    async (request): Promise<StoredImage> => {
      const type: UploadType = request.params.type;
      if (request.isMultipart()) {
        return services.images.fromBuffer(await readImagePart(request), type);
      }
      const parsed = uploadFromUrlBody.safeParse(request.body);
      if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid request');
      return services.images.fromUrl(parsed.data.imageUrl, type);
    },
  );
}
