import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type SharpModule from 'sharp';
import { MAX_UPLOAD_BYTES } from '#shared/constants';
import { UPLOAD_MSG } from '#shared/messages';
import type { UploadType } from '#shared/schemas/upload';
import type { AddressPolicy } from '../http/ip-policy.ts';
import { safeFetch, SafeFetchError } from '../http/safe-fetch.ts';
import { SerialQueue } from './serial-queue.ts';
import { fileTooLarge, invalidFileType, uploadRefused } from './upload-errors.ts';

/** Stored image paths, as served under /uploads. */
export interface StoredImage {
  url: string;
  largeUrl?: string;
}

// libvips costs some 15 MiB of RSS from the moment it is loaded, and most servers decode an image only when an
// admin uploads one: load it on first use.
let sharpModule: Promise<typeof SharpModule> | null = null;
function loadSharp(): Promise<typeof SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Memory, not speed, is what matters for an occasional admin upload (docs/decisions/0008-uploads.md): no
    // operation cache (it would keep decoded pixels of past uploads) and one libvips worker thread per image,
    // which also keeps glibc from giving each thread an arena of its own that it never hands back.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

// A 40-megapixel cap stops decompression bombs (a tiny PNG that claims 50,000 x 50,000 pixels) before decoding.
const MAX_INPUT_PIXELS = 40_000_000;
const SIZES: Record<UploadType, { url: number; large?: number }> = {
  service: { url: 1024 },
  game: { url: 1024 },
  site: { url: 256, large: 1024 },
};

type ImageFormat = 'jpeg' | 'png';

/** JPEG or PNG by magic bytes, never by name or declared type. */
export function sniffFormat(buffer: Buffer): ImageFormat | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buffer.length >= 8 && png.every((byte, index) => buffer[index] === byte)) return 'png';
  return null;
}

/**
 * Uploaded images: checked by content, decoded under a pixel cap, re-encoded (which drops metadata and any
 * payload appended to the file) and stored under a server-generated name.
 */
export class ImageUploadService {
  // One image is decoded at a time: 16 parallel uploads of a 40-megapixel PNG decoded side by side pushed RSS to
  // 890 MB and glibc kept most of it. Queued, the peak is that of one image.
  readonly #decoding = new SerialQueue();

  constructor(
    private readonly uploadsDir: string,
    private readonly policy: AddressPolicy,
  ) {}

  async fromBuffer(buffer: Buffer, type: UploadType): Promise<StoredImage> {
    if (buffer.length === 0) throw uploadRefused('bad_request', UPLOAD_MSG.noFile);
    if (buffer.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
    const format = sniffFormat(buffer);
    if (!format) throw invalidFileType();
    return this.#decoding.run(() => this.#decodeAndStore(buffer, format, type));
  }

  async #decodeAndStore(buffer: Buffer, format: ImageFormat, type: UploadType): Promise<StoredImage> {
    const sharp = await loadSharp();
    const metadata = await sharp(buffer, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw uploadRefused('bad_request', UPLOAD_MSG.undecodable);
      });
    if (metadata.format !== format) throw invalidFileType();
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
      throw uploadRefused('bad_request', UPLOAD_MSG.tooManyPixels);
    }
    const name = randomBytes(16).toString('hex');
    const sizes = SIZES[type];
    const url = await this.#store(buffer, format, type, `${name}.${ext(format)}`, sizes.url);
    if (sizes.large === undefined) return { url };
    const largeUrl = await this.#store(buffer, format, type, `${name}-large.${ext(format)}`, sizes.large);
    return { url, largeUrl };
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

  async #store(
    input: Buffer,
    format: ImageFormat,
    type: UploadType,
    fileName: string,
    maxSide: number,
  ): Promise<string> {
    const sharp = await loadSharp();
    // Sequential read (sharp's default, spelled out because memory depends on it): a PNG, which has no
    // shrink-on-load, streams through the resize in strips instead of being decoded whole.
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded = await (
      format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })
    )
      .toBuffer()
      .catch(() => {
        throw uploadRefused('bad_request', UPLOAD_MSG.undecodable);
      });
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
