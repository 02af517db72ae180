import { gameIconFields } from '#shared/schemas/game-servers';
import { z } from 'zod';
import {
  uploadFromUrlBody,
  uploadParams,
  uploadResultWire,
  type UploadResultWire,
  type UploadType,
} from '#shared/schemas/upload';
import { announcesMultipart, MAX_MULTIPART_BYTES, readImagePart } from '../http/multipart-image.ts';
import { presentUploadResult } from '../presenters/upload.presenter.ts';
import { AppError } from '../services/app-error.ts';
import { fileTooLarge } from '../services/upload-errors.ts';
import type { RouteContext } from './route-context.ts';

/**
 * The multipart form as the reference shows it (the route reads and checks it itself, streaming). The file part is
 * named `image`, the one name http/multipart-image.ts reads.
 */
const imageForm = z.object({
  image: z.string().meta({ format: 'binary', description: 'The image (PNG, JPEG, GIF, WebP or SVG; at most 5 MB)' }),
  instanceId: z.string().optional().meta({ description: 'Game icons: the AMP instance id of the server' }),
  id: z.string().optional().meta({ description: "Game icons: the game server's id" }),
});

/** The game server a game-icon upload names; null when the form names none (the image is only stored). */
function gameIconTarget(fields: Record<string, string>): { id: number; instanceId: string } | null {
  if (fields.instanceId === undefined && fields.id === undefined) return null;
  const parsed = gameIconFields.safeParse(fields);
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

/** Image uploads for site branding, game icons and service images (administrators). */
export function uploadRoutes({ app, services }: RouteContext): void {
  app.post(
    '/api/upload/:type',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: {
        summary: 'Store an image (a file, or fetched from a URL) for the site, a game server or a service',
        params: uploadParams,
        requestContent: { 'multipart/form-data': imageForm, 'application/json': uploadFromUrlBody },
        response: { 200: uploadResultWire },
      },
      // No route bodyLimit: the multipart parser streams (its 5 MB file cap applies while reading), and the JSON
      // form keeps the app's 1 MB limit. Raising bodyLimit here would only let a JSON body grow to 5 MB.
      onRequest: (request, _reply, done) => {
        // Refuse an announced oversize form before reading any of it.
        const declared = Number(request.headers['content-length'] ?? 0);
        const oversize = announcesMultipart(request.headers['content-type']) && declared > MAX_MULTIPART_BYTES;
        done(oversize ? fileTooLarge() : undefined);
      },
    },
    async (request, reply): Promise<UploadResultWire> => {
      const type: UploadType = request.params.type;
      if (request.isMultipart()) {
        const { image, fields } = await readImagePart(request, reply);
        // SPEC: a game icon names its server (instanceId and id); check it before storing anything.
        const target = type === 'game' ? gameIconTarget(fields) : null;
        if (target) await services.gameServers.findForIcon(target);
        const stored = await services.images.fromBuffer(image, type);
        if (target) await services.gameServers.setIcon(target, stored.url);
        return presentUploadResult(stored);
      }
      const parsed = uploadFromUrlBody.safeParse(request.body);
      if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid request');
      return presentUploadResult(await services.images.fromUrl(parsed.data.imageUrl, type));
    },
  );
}
