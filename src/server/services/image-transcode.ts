/**
 * Decoding and re-encoding of one uploaded image with sharp (libvips). Runs inside the image-decode-child process
 * (never in the server: libvips and glibc keep the memory a decode touched), so it returns what went wrong as a
 * value rather than as an HTTP error.
 */
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png';

export interface TranscodeRequest {
  image: Uint8Array;
  /** What the magic bytes said; a file whose decoder disagrees is refused. */
  format: ImageFormat;
  /** One output per entry: the image fitted inside maxSide x maxSide, never enlarged. */
  maxSides: number[];
  maxInputPixels: number;
}

/** Re-encoded images (one per maxSide), or why the input was refused. */
export type TranscodeOutcome =
  { images: Uint8Array[] } | { refused: 'undecodable' | 'too_many_pixels' | 'format_mismatch' };

// Memory, not speed, is what matters for an occasional admin upload (docs/decisions/0008-uploads.md): no operation
// cache (nothing is reused in a process that decodes one image) and one libvips worker thread.
sharp.cache(false);
sharp.concurrency(1);

export async function transcodeImage(request: TranscodeRequest): Promise<TranscodeOutcome> {
  const input = Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength);
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata) return { refused: 'undecodable' };
  if (metadata.format !== request.format) return { refused: 'format_mismatch' };
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > request.maxInputPixels) return { refused: 'too_many_pixels' };
  const images: Uint8Array[] = [];
  for (const maxSide of request.maxSides) {
    // Sequential read (sharp's default, spelled out because memory depends on it): a PNG, which has no
    // shrink-on-load, streams through the resize in strips instead of being decoded whole.
    const pipeline = sharp(input, {
      limitInputPixels: request.maxInputPixels,
      failOn: 'error',
      sequentialRead: true,
    })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded = await (
      request.format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })
    )
      .toBuffer()
      .catch(() => null);
    if (!encoded) return { refused: 'undecodable' };
    images.push(encoded);
  }
  return { images };
}
