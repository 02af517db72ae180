import { z } from 'zod';
import { UPLOAD_MSG } from '../messages.ts';
import { httpUrlField } from './service.ts';

export const UPLOAD_TYPES = ['site', 'game', 'service'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** `/api/upload/{type}` path parameter. */
export const uploadParams = z.object({ type: z.enum(UPLOAD_TYPES, { error: UPLOAD_MSG.unknownType }) });

/** JSON variant of the upload: the server fetches the image itself (SSRF-safe). */
export const uploadFromUrlBody = z.strictObject({
  imageUrl: httpUrlField,
  type: z.enum(UPLOAD_TYPES, { error: UPLOAD_MSG.unknownType }).optional(),
});

/** Successful upload: `largeUrl` only for site images. */
export const uploadResultWire = z.object({ url: z.string(), largeUrl: z.string().optional() });
export type UploadResultWire = z.infer<typeof uploadResultWire>;
