import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, type ContentEncoding } from './accept-encoding.ts';
import { addVary } from './vary.ts';

/** Bodies below this size go out as they are: compressing them saves less than the header costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// JSON and text; never event streams (each event must reach the reader at once) nor images (already compressed,
// or SVG, which is left alone like every image).
const COMPRESSIBLE = /^(application\/(json|javascript|manifest\+json)|text\/(?!event-stream))/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at quality 4: close to gzip -6 in cost, some 15% smaller (bench:api); higher qualities cost far more. */
function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Compressed copies of answers that carry an ETag, by tag and encoding: the same list asked for again (every
 * dashboard polls it) is compressed once, not once per request. Bounded by total size; the oldest go first.
 */
class CompressedCopies {
  readonly #copies = new Map<string, Promise<Buffer>>();
  readonly #sizes = new Map<string, number>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(etag: string, encoding: ContentEncoding, body: Buffer): Promise<Buffer> {
    // The length too: a tag names one body, but a cheap guard against a route that tags by version instead.
    const key = `${encoding} ${body.length} ${etag}`;
    const known = this.#copies.get(key);
    if (known) {
      // Most recently used last, so eviction takes the least recently used.
      this.#copies.delete(key);
      this.#copies.set(key, known);
      return known;
    }
    const made = compress(body, encoding);
    this.#copies.set(key, made);
    made.then(
      (copy) => this.#account(key, copy.length),
      () => this.#copies.delete(key),
    );
    return made;
  }

  #account(key: string, size: number): void {
    if (!this.#copies.has(key)) return;
    this.#sizes.set(key, size);
    this.#bytes += size;
    for (const oldest of this.#copies.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      if (oldest === key) continue;
      this.#copies.delete(oldest);
      this.#bytes -= this.#sizes.get(oldest) ?? 0;
      this.#sizes.delete(oldest);
    }
  }
}

function isCompressible(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type) && !reply.hasHeader('content-encoding');
}

/**
 * Compresses JSON and text answers of at least COMPRESSION_THRESHOLD_BYTES with brotli or gzip, as the request's
 * Accept-Encoding allows, and marks them `Vary: Accept-Encoding`. Streams (files, index.html) are left alone:
 * the built client's files are compressed at build time and served as such by the static plugin.
 * The copies are bounded to 2 MiB: a copy is asked for again only while its tag is current (a status change gives a
 * list a new one), so a few dozen are all that help. At 8 MiB a soak held 328 copies (6.6 MiB, nearly all stale)
 * after seven minutes and RSS crept up while they filled (docs/decisions/0017-bounded-memory.md).
 */
export function registerCompression(app: FastifyInstance, cacheBytes = 2 * 1024 * 1024): void {
  const copies = new CompressedCopies(cacheBytes);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESSION_THRESHOLD_BYTES || !isCompressible(reply)) return payload;
    // The answer differs by Accept-Encoding from here on, whether or not this client takes a compressed one.
    void reply.header('vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const etag = reply.getHeader('etag');
    const compressed =
      typeof etag === 'string' ? await copies.get(etag, encoding, body) : await compress(body, encoding);
    void reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed;
  });
}
