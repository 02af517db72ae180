import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '#shared/constants';
import { UPLOAD_MSG } from '#shared/messages';
import type { UploadType } from '#shared/schemas/upload';
import type { AddressPolicy } from '../http/ip-policy.ts';
import { safeFetch, SafeFetchError } from '../http/safe-fetch.ts';
import { ChildProcessError, findChildEntry, runChild, type ChildEntry } from '../lib/child-process.ts';
import type { ImageDecodeResult } from './image-decode-child.ts';
import type { ImageFormat, TranscodeRequest } from './image-transcode.ts';
import { SerialQueue } from './serial-queue.ts';
import { fileTooLarge, invalidFileType, uploadRefused } from './upload-errors.ts';

/** Stored image paths, as served under /uploads. */
export interface StoredImage {
  url: string;
  largeUrl?: string;
}

// A 40-megapixel cap stops decompression bombs (a tiny PNG that claims 50,000 x 50,000 pixels) before decoding.
const MAX_INPUT_PIXELS = 40_000_000;
const SIZES: Record<UploadType, { url: number; large?: number }> = {
  service: { url: 1024 },
  game: { url: 1024 },
  site: { url: 256, large: 1024 },
};

/**
 * Long enough for a 40-megapixel PNG on a busy two-core machine (about 2 s idle); a file that takes longer is
 * killed rather than allowed to hold the queue.
 */
const DECODE_TIMEOUT_MS = 30_000;

/** JPEG or PNG by magic bytes, never by name or declared type. */
export function sniffFormat(buffer: Buffer): ImageFormat | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buffer.length >= 8 && png.every((byte, index) => buffer[index] === byte)) return 'png';
  return null;
}

/** For tests: a shorter time-out, or another child entry (one that crashes). */
export interface ImageDecoderOptions {
  timeoutMs?: number;
  entry?: ChildEntry;
}

/**
 * Uploaded images: checked by content, decoded under a pixel cap, re-encoded (which drops metadata and any
 * payload appended to the file) and stored under a server-generated name. Decoding runs in a child process, one
 * per image (docs/decisions/0008-uploads.md): the memory libvips touches goes back to the system when it exits.
 */
export class ImageUploadService {
  // One image is decoded at a time: 16 parallel uploads of a 40-megapixel PNG decoded side by side pushed RSS to
  // 890 MB. Queued, the peak is that of one image (in its child).
  readonly #decoding = new SerialQueue();
  readonly #timeoutMs: number;
  readonly #entry: ChildEntry | null;

  constructor(
    private readonly uploadsDir: string,
    private readonly policy: AddressPolicy,
    decoder: ImageDecoderOptions = {},
  ) {
    this.#timeoutMs = decoder.timeoutMs ?? DECODE_TIMEOUT_MS;
    this.#entry = decoder.entry ?? findChildEntry(import.meta.url, 'image-decode-child');
  }

  async fromBuffer(buffer: Buffer, type: UploadType): Promise<StoredImage> {
    if (buffer.length === 0) throw uploadRefused('bad_request', UPLOAD_MSG.noFile);
    if (buffer.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
    const format = sniffFormat(buffer);
    if (!format) throw invalidFileType();
    const sizes = SIZES[type];
    const maxSides = sizes.large === undefined ? [sizes.url] : [sizes.url, sizes.large];
    const images = await this.#decoding.run(() => this.#transcode({ image: buffer, format, maxSides }));
    const name = randomBytes(16).toString('hex');
    const [small, large] = images;
    if (!small) throw new Error('The image decoder returned no image');
    const url = await this.#store(small, type, `${name}.${ext(format)}`);
    if (!large) return { url };
    return { url, largeUrl: await this.#store(large, type, `${name}-large.${ext(format)}`) };
  }

  /** Decodes and re-encodes in a child; every way that can fail becomes a 4xx with a message, never a 500. */
  async #transcode(request: Omit<TranscodeRequest, 'maxInputPixels'>): Promise<Uint8Array[]> {
    // A build without the entry is broken (scripts/build-server.mjs bundles it); decoding here instead would
    // bring back the memory this child exists to give back.
    if (!this.#entry) throw new Error('The image decoder (image-decode-child) is missing from this build');
    const input: TranscodeRequest = { ...request, maxInputPixels: MAX_INPUT_PIXELS };
    const { outcome } = await runChild<ImageDecodeResult>(this.#entry, {
      label: 'Image decoder',
      input,
      timeoutMs: this.#timeoutMs,
    }).then(
      ({ reply }) => reply,
      (error: unknown) => {
        if (!(error instanceof ChildProcessError)) throw error;
        const message = error.reason === 'timeout' ? UPLOAD_MSG.decodeTimedOut : UPLOAD_MSG.decoderStopped;
        throw uploadRefused('bad_request', message, UPLOAD_MSG.undecodable);
      },
    );
    if ('images' in outcome) return outcome.images;
    if (outcome.refused === 'format_mismatch') throw invalidFileType();
    if (outcome.refused === 'too_many_pixels') throw uploadRefused('bad_request', UPLOAD_MSG.tooManyPixels);
    throw uploadRefused('bad_request', UPLOAD_MSG.undecodable);
  }

  /** Downloads the image through the SSRF-safe fetch, then stores it like an upload. */
  async fromUrl(imageUrl: string, type: UploadType): Promise<StoredImage> {
    try {
      const response = await safeFetch(imageUrl, {
        maxBytes: MAX_UPLOAD_BYTES,
        timeoutMs: 10_000,
        policy: this.policy,
        accept: 'image/png,image/jpeg;q=0.9',
      });
      return await this.fromBuffer(response.body, type);
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      if (error.reason === 'refused') throw uploadRefused('bad_request', UPLOAD_MSG.urlRefused);
      if (error.reason === 'too_large') throw fileTooLarge();
      throw uploadRefused('bad_request', `${UPLOAD_MSG.fetchFailed}: ${error.message}`, UPLOAD_MSG.fetchFailed);
    }
  }

  async #store(encoded: Uint8Array, type: UploadType, fileName: string): Promise<string> {
    const folder = path.join(this.uploadsDir, type);
    await fs.mkdir(folder, { recursive: true });
    const target = path.join(folder, fileName);
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temporary, encoded);
    await fs.rename(temporary, target);
    return `/uploads/${type}/${fileName}`;
  }
}

function ext(format: ImageFormat): string {
  return format === 'png' ? 'png' : 'jpg';
}
