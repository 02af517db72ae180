/**
 * Child-process entry that decodes and re-encodes one uploaded image (forked by image-upload.service.ts, one child
 * per upload; bundled as dist/server/image-decode-child.js). The image arrives as bytes over IPC, never in argv or
 * env; the child replies `{ ok: true, outcome }` and exits, which hands everything libvips allocated back to the
 * system.
 */
import { serveOnce } from '../lib/child-reply.ts';
import { transcodeImage, type TranscodeOutcome, type TranscodeRequest } from './image-transcode.ts';

export interface ImageDecodeResult {
  outcome: TranscodeOutcome;
}

await serveOnce<ImageDecodeResult>(async (input) => ({ outcome: await transcodeImage(input as TranscodeRequest) }), {
  readsInput: true,
});
